import Type from 'typebox'
import { AddressSchema, ChainQuerySchema } from '../../schema/index.js'
import { STREAM_TOPICS } from '../../stream/index.js'

const topic = `(${STREAM_TOPICS.join('|')})`

export const StreamQuerySchema = Type.Object(
  {
    chain: Type.Optional(ChainQuerySchema),
    topics: Type.Optional(
      Type.String({
        pattern: `^${topic}(,${topic})*$`,
        description: `Comma-separated topics (${STREAM_TOPICS.join(', ')}); default every topic (\`user\` only with \`address\`)`,
        'x-rule': `must be comma-separated topics among ${STREAM_TOPICS.join(', ')}`,
      }),
    ),
    address: Type.Optional(Type.String({ ...AddressSchema, description: 'The account whose own actions the `user` events tell' })),
  },
  { additionalProperties: false },
)

export const StreamHeadersSchema = Type.Object({
  'last-event-id': Type.Optional(
    Type.String({ maxLength: 64, description: 'The id of the last event the client got: the kept events after it come first (else a `gap` event)' }),
  ),
})

export const STREAM_DESCRIPTION = [
  'Server-Sent Events (`text/event-stream`): each event has an `id`, an `event` (its topic) and `data` (JSON).',
  "- `snapshot`: a chain's new snapshot block, with `changed`: the answers (`path`) whose bytes changed, and their new `etag`.",
  "- `harvest`: a vault's new harvest, as `/vaults/{vault}/harvests` lists it (gain, fees, APR).",
  '- `harvestable`: a strategy whose `profitable` turned, with its `/harvestable` entry.',
  '- `user`: an action of `address` (deposit, withdraw, transfer, stake, unstake, claim), as `/users/{address}/history` lists it.',
  '- `reorg`: the event index replaced the blocks after `ancestor`; `answers` names those that moved back.',
  '- `gap` (no id): some events after `Last-Event-ID` are no longer kept; read the answers again.',
  'Reconnect with the `Last-Event-ID` header (EventSource does) to get what was missed, from any replica.',
].join('\n')
