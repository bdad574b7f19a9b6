import Type from 'typebox'
import { MinBlockQuery } from './minBlock.js'
import { AddressSchema, ChainQuerySchema, DigitsSchema } from '../../schema/index.js'

const strict = { additionalProperties: false } as const
const TimestampSchema = Type.String({ format: 'timestamp', description: 'ISO 8601 date-time or milliseconds since the epoch' })

const range = {
  from: Type.Optional(
    Type.String({ ...TimestampSchema, description: "Earliest block time (chain time: the blocks' timestamps; default: 24 h before `to`, else before now)" }),
  ),
  to: Type.Optional(Type.String({ ...TimestampSchema, description: 'Latest block time (default: the newest point)' })),
}

/** A series' buckets: each series' last point of each hour, day or week, from its first point unless `from` says otherwise. */
const interval = {
  interval: Type.Optional(
    Type.Enum(['1h', '1d', '1w'], {
      description:
        "Bucket the series: each series' last point of each hour, day or week (chain time, UTC); `from` then defaults to the first point recorded, not 24 h back. Past the history's retention one point a day is kept",
    }),
  ),
}

export const TvlHistoryQuerySchema = Type.Object({ platform: Type.Enum(['all', 'bridge', 'pool', 'yield']), ...range, ...interval }, strict)

export const TvlHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: "The block's time (chain time), ISO 8601" }),
      bridgeTvl: Type.Optional(Type.Number()),
      poolTvl: Type.Optional(Type.Number()),
      yieldTvl: Type.Optional(Type.Number()),
      total: Type.Number({ description: 'Sum of the parts returned for the platform' }),
    }),
    { description: 'One point per chain and recorded block, oldest first' },
  ),
})

export const AprHistoryParamsSchema = Type.Object({ poolAddress: AddressSchema }, strict)
export const AprHistoryQuerySchema = Type.Object({ chain: ChainQuerySchema, ...range, ...interval }, strict)

export const AprHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      pid: Type.Integer(),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: "The block's time (chain time), ISO 8601" }),
      apr: Type.Number({ description: "A fraction a year (0.12 = 12 %): E2's `apr` of that block, which is in percent, over 100" }),
    }),
    { description: 'One point per staking pool and recorded block, oldest first' },
  ),
})

/** Every pool's APR history of a chain at once: what a page listing the pools asks for, instead of one request per pool. */
export const ChainAprHistorySchema = Type.Object({
  points: Type.Array(
    Type.Object({
      pool: AddressSchema,
      pid: Type.Integer(),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The block the point was recorded at' }),
      takenAt: Type.String({ description: "The block's time (chain time), ISO 8601" }),
      apr: Type.Number({ description: "A fraction a year (0.12 = 12 %): E2's `apr` of that block, which is in percent, over 100" }),
    }),
    { description: 'One point per reward pool, staking pool and recorded block, oldest first' },
  ),
})

export const HarvestHistoryParamsSchema = Type.Object({ address: AddressSchema }, strict)

/**
 * `from`, `to` and `limit` of a list of what happened on chain, newest first: a window of chain
 * time (the blocks' own timestamps) and how many of the newest in it; `what` names the items.
 */
export function chainTimeWindow(what: string) {
  return {
    from: Type.Optional(
      Type.String({ ...TimestampSchema, description: `Earliest block time (chain time: the blocks' timestamps; default: the first ${what})` }),
    ),
    to: Type.Optional(Type.String({ ...TimestampSchema, description: `Latest block time (default: the newest ${what})` })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: `How many of the newest ${what}s in the range (default 100)` })),
  }
}

export const HarvestHistoryQuerySchema = Type.Object({ chain: ChainQuerySchema, ...chainTimeWindow('harvest'), ...MinBlockQuery }, strict)

const feePart = (description: string) =>
  Type.Object(
    {
      amount: Type.String({ ...DigitsSchema, description: 'In `token`, lowest denomination' }),
      usd: Type.Union([Type.Number(), Type.Null()], { description: "At the harvest's block's prices; null when there are none" }),
    },
    { additionalProperties: false, description },
  )

/** A harvest's fees as its transaction moved them. */
const HarvestFeesSchema = Type.Object(
  {
    token: Type.Union([AddressSchema, Type.Null()], {
      description: 'The token the fees moved in (the native token, for Beefy); null when the harvest charged nothing',
    }),
    source: Type.Enum(['event', 'transfers'], {
      description:
        "`event`: the strategy's ChargedFees (Beefy); `transfers`: its transfers in the harvest's transaction to the harvester and to the fee recipients it names",
    }),
    call: feePart('To the harvester (or the call-fee recipient it named)'),
    treasury: feePart("To the protocol's treasury (Beefy's beefyFeeRecipient)"),
    strategist: feePart('To the strategist'),
    total: feePart('The three together'),
  },
  { additionalProperties: false },
)

export const HarvestHistorySchema = Type.Object({
  vault: AddressSchema,
  strategy: AddressSchema,
  indexedThrough: Type.Union([Type.String({ ...DigitsSchema }), Type.Null()], {
    description: "The block through which the event index holds the strategy's events; null before it started on it",
  }),
  harvests: Type.Array(
    Type.Object({
      block: Type.String({ ...DigitsSchema, description: 'The block of the harvest' }),
      timestamp: Type.Integer({ description: "The block's timestamp, seconds since the epoch" }),
      txHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
      harvester: AddressSchema,
      wantHarvested: Type.String({ ...DigitsSchema, description: 'Want the harvest added (want wei), as its event says' }),
      callReward: Type.Union([Type.String({ ...DigitsSchema }), Type.Null()], {
        description: 'Wrapped native wei paid to the harvester; null where the event does not say (Beefy StratHarvest)',
      }),
      usd: Type.Union([Type.Number(), Type.Null()], {
        description: "USD value of wantHarvested at the prices of the harvest's own block; null with usdNote when there are none",
      }),
      usdNote: Type.Optional(Type.String()),
      gain: Type.String({ ...DigitsSchema, description: 'Want the harvest added to the vault (want wei): wantHarvested, as the report names it' }),
      totalWantBefore: Type.Union([Type.String({ ...DigitsSchema }), Type.Null()], {
        description:
          "The vault's want just before the harvest (want wei): its totals at the block's end less the gain (exact when no later transaction of that block moved the vault); null when that block's totals were not read",
      }),
      fees: Type.Union([HarvestFeesSchema, Type.Null()], { description: 'What the strategy took from this harvest; null with feesNote when it is not known' }),
      feesNote: Type.Optional(Type.String()),
      apr: Type.Union([Type.Number(), Type.Null()], {
        description: "gain / totalWantBefore over the time since the strategy's previous harvest, a year's fraction; null with aprNote",
      }),
      aprNote: Type.Optional(Type.String()),
    }),
    { description: 'Newest first' },
  ),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'What the list may miss (the index has not reached the latest block yet)' })),
})
