import Type from 'typebox'
import { AddressSchema, ChainQuerySchema, DigitsSchema } from '../../schema/index.js'

const strict = { additionalProperties: false } as const
const TimestampSchema = Type.String({ format: 'timestamp', description: 'ISO 8601 date-time or milliseconds since the epoch' })

const range = {
  from: Type.Optional(Type.String({ ...TimestampSchema, description: 'Start of the range (default: 24 h before `to`)' })),
  to: Type.Optional(Type.String({ ...TimestampSchema, description: 'End of the range (default: now)' })),
}

export const TvlHistoryQuerySchema = Type.Object({ platform: Type.Enum(['all', 'bridge', 'pool', 'yield']), ...range }, strict)

export const TvlHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: 'ISO 8601' }),
      bridgeTvl: Type.Optional(Type.Number()),
      poolTvl: Type.Optional(Type.Number()),
      yieldTvl: Type.Optional(Type.Number()),
      total: Type.Number({ description: 'Sum of the parts returned for the platform' }),
    }),
    { description: 'One point per chain and recorded block, oldest first' },
  ),
})

export const AprHistoryParamsSchema = Type.Object({ poolAddress: AddressSchema }, strict)
export const AprHistoryQuerySchema = Type.Object({ chain: ChainQuerySchema, ...range }, strict)

export const AprHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      pid: Type.Integer(),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: 'ISO 8601' }),
      apr: Type.Number({ description: 'Percent' }),
    }),
    { description: 'One point per staking pool and recorded block, oldest first' },
  ),
})
