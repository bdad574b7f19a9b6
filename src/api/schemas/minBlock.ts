import Type from 'typebox'

/** The request header that asks the same as the `minBlock` query parameter. */
export const MIN_BLOCK_HEADER = 'x-min-block-number'

const minBlockDescription =
  "The answer is made at this block of the chain or later (read-your-writes: the block of the user's own receipt). The service waits up to 5 s to reach it, else answers 503 NOT_READY saying the block it has, with retry-after. Needs the chain to be named; the header x-min-block-number says the same"

/** The `minBlock` query parameter, for the querystring schemas of the routes that take it. */
export const MinBlockQuery = { minBlock: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$', description: minBlockDescription })) }

/** The same as a request header. */
export const MinBlockHeadersSchema = Type.Object({
  [MIN_BLOCK_HEADER]: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$', description: 'The same as the minBlock query parameter' })),
})

/** The query string of a POST read that takes only `minBlock`. */
export const MinBlockQuerySchema = Type.Object(MinBlockQuery, { additionalProperties: false })
