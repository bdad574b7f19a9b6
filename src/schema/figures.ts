import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema } from './common.js'

/** Where a price comes from, at the block of the answer. */
export const PriceSourceSchema = Type.Object(
  {
    kind: Type.Enum(['feed', 'pair', 'lp'], {
      description: '`feed`: a Chainlink-style feed; `pair`: a V2 pair against a priced token; `lp`: an LP token valued by its reserves',
    }),
    address: Type.String({ ...ChecksummedAddressSchema, description: 'The feed or the pair' }),
    blockNumber: Type.String({ ...DigitsSchema, description: 'The block the source was read at' }),
    ageSeconds: Type.Number({ description: "Seconds from the source's last update to that block: a feed round's age; 0 for reserves, read at the block" }),
    heartbeatSeconds: Type.Optional(Type.Integer({ description: "A feed's heartbeat: a round older than this does not price" })),
    liquidityUsd: Type.Optional(
      Type.Number({ description: "USD value of the pair's reserves, both sides; a pair route under MIN_PRICE_LIQUIDITY_USD does not price" }),
    ),
  },
  { additionalProperties: false },
)
export type PriceSourceField = Static<typeof PriceSourceSchema>

/** A figure that should not be trusted as it is, and why. */
export const FlagSchema = Type.Object(
  {
    field: Type.String({ description: 'The flagged field, as a path in the entry (`tvl`, `apy.7d`, `apyBreakdown.totalApy`, `usd`, ...)' }),
    kind: Type.Enum(['ceiling', 'jump', 'price-check', 'thin-liquidity', 'stale-feed'], {
      description:
        '`ceiling`: a rate above MAX_PLAUSIBLE_APY; `jump`: moved more than 5× within 6 hours; `price-check`: rests on a price its second route disagrees with; `thin-liquidity`: rests on a pair too thin to price; `stale-feed`: rests on a feed past its heartbeat or with no positive answer',
    }),
    detail: Type.String({ description: 'What was seen, with the figures and the contracts it rests on' }),
  },
  { additionalProperties: false },
)
export type Flag = Static<typeof FlagSchema>

export const FlagsSchema = Type.Array(FlagSchema, { description: 'Present when a figure of the entry is flagged: served as it is, never dropped or capped' })

/** A token's USD price with where it comes from: the fields `/prices` and `/tokens` share. */
export const PricedFields = {
  usd: Type.Union([Type.Number(), Type.Null()], { description: 'USD price of one whole token; null with priceNote when it has none' }),
  priceSource: Type.Union([PriceSourceSchema, Type.Null()], { description: "The price's source; null for a token the registry gives no route" }),
  priceCheck: Type.Optional(
    Type.Object(
      {
        priceSource: PriceSourceSchema,
        usd: Type.Union([Type.Number(), Type.Null()], { description: "The second route's price; null when it has none (nothing is checked)" }),
        deviationPercent: Type.Union([Type.Number(), Type.Null()], { description: '|usd − second| / second, percent' }),
      },
      { additionalProperties: false, description: "The registry's second route (`priceCheck`), priced only to check the first" },
    ),
  ),
  priceNote: Type.Optional(Type.String({ description: 'Why usd is null' })),
  flags: Type.Optional(FlagsSchema),
}

/** An entry of `GET /prices`. */
export const TokenPriceSchema = Type.Object(PricedFields, { additionalProperties: false })
export type TokenPriceEntry = Static<typeof TokenPriceSchema>
