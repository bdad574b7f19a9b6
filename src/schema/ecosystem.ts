import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema } from './common.js'
import { FlagsSchema, PricedFields } from './figures.js'

/** An address field of the interface, EIP-55 checksummed. */
const address = (description?: string) => Type.String({ ...ChecksummedAddressSchema, ...(description && { description }) })
/** A whole-number field the interface types as a string (wei, blocks, counts). */
const digits = (description?: string) => Type.String({ ...DigitsSchema, ...(description && { description }) })
/** An address of the bridge object, or "" where the ticker has none on that chain. */
const addressOrEmpty = (description: string) => Type.Union([address(), Type.Literal('')], { description })

/** The token metadata entry of the interface (2.6), with its price (added) as `/prices` gives it. */
export const TokenMetadataSchema = Type.Object({
  image: Type.String({ description: 'Link to the token image ("" when the registry has none)' }),
  name: Type.String(),
  symbol: Type.String(),
  decimals: Type.Integer(),
  ...PricedFields,
})
export type TokenMetadata = Static<typeof TokenMetadataSchema>

/** The Bridge object of the interface (2.5). */
export const BridgeSchema = Type.Object({
  ticker: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  ethBridgeAddress: addressOrEmpty('Bridge on Ethereum; "" when the ticker has none there'),
  bscBridgeAddress: addressOrEmpty('Bridge on BNB Smart Chain; "" when the ticker has none there'),
  erc20: addressOrEmpty('Token on Ethereum; "" when none'),
  bep20: addressOrEmpty('Token on BNB Smart Chain; "" when none'),
  decimals: Type.Integer(),
})
export type Bridge = Static<typeof BridgeSchema>

const LinkSchema = Type.Object({
  label: Type.String({ description: 'Name of the link' }),
  url: Type.String({ description: 'URL of the link or social account' }),
})

/** A staking pool inside a RewardPool's chaindata (2.3). */
export const StakingPoolSchema = Type.Object({
  stakingToken: address('Staking token address'),
  allocationPoints: digits('Allocation points of this staking pool'),
  pid: Type.Integer({ description: 'Monotonic id of the staking pool' }),
  swapPath: Type.Array(address(), { description: 'Swap path for a compound pool (token addresses)' }),
  decimals: digits('Decimals of the staking token: a string here, as the interface document types it (the pool-level decimals is a number)'),
  depositCap: digits('Maximum a user may stake, wei (0 = none)'),
  capValidUntilBlock: digits('Block after which the deposit cap no longer applies'),
  totalStaked: digits('Total staked, wei'),
  participants: Type.Union([Type.String({ ...DigitsSchema }), Type.Null()], {
    description:
      'Number of distinct accounts whose stake in this staking pool is above zero at the answer\'s block: the contract\'s own count (reference pools), else counted from the event index; null with participantsNote while the index has not counted them (never a "0" it does not know)',
  }),
  participantsNote: Type.Optional(
    Type.String({
      description:
        "Present when the stakers are not counted (the event index has not reached the answer's block yet, or this service keeps none): participants is then null",
    }),
  ),
  apr: Type.Number({ description: 'Annual percentage rate, percent (0 with aprNote when there is none)' }),
  aprNote: Type.Optional(Type.String({ description: 'Why apr is 0: "ended", "no stake", no block time yet, or what could not be priced' })),
})

/**
 * A RewardPool of `GET /v2/pools` (2.2, with chaindata 2.3 and fees 2.4). Every field has the type
 * the interface document gives it, even where two alike fields differ, because existing clients
 * read them so: block numbers, wei and counts are strings, except `fees.withdrawPenaltyBlock`;
 * `decimals` is a number here and a string in a staking pool.
 */
export const RewardPoolSchema = Type.Object(
  {
    version: Type.Integer({ description: 'Version of the pool list (2)' }),
    address: address('The reward pool contract'),
    name: Type.String(),
    decimals: Type.Integer({ description: 'Decimals of the (first) reward token' }),
    subtitle: Type.String(),
    keywords: Type.Array(Type.String()),
    completedAPR: Type.Record(
      Type.String(),
      Type.String({ description: 'APR in percent, a decimal number written as a string (as the interface document types it)' }),
      {
        description:
          'For each ended staking pool (key: pid), the last APR it had before the end block: from the last snapshot before the end, the stored history, or the chain at the block before the end; {} with completedAPRNote when none of these has it',
      },
    ),
    completedAPRNote: Type.Optional(
      Type.String({ description: 'Why completedAPR of an ended pool is {} (e.g. a pruned node no longer has the state before its end)' }),
    ),
    description: Type.String(),
    image: Type.String(),
    links: Type.Object({ website: Type.Optional(LinkSchema), twitter: Type.Optional(LinkSchema), telegram: Type.Optional(LinkSchema) }),
    chaindata: Type.Object({
      rewardPerBlock: Type.Array(digits(), { description: 'Wei of each reward token per block' }),
      startBlock: digits('Block at which the pool starts distributing rewards'),
      endBlock: digits('Block at which the pool stops distributing rewards'),
      claimDelay: digits('Block from which rewards can be claimed'),
      unstakeDelayDuration: digits('Blocks a stake stays locked after it is made'),
      totalAllocationPoints: digits('Sum of the allocation points of the staking pools'),
      rewardVault: address('The contract that holds the reward tokens'),
      rewardToken: Type.Array(address(), { description: 'Reward token addresses, in the order of rewardPerBlock and totalReward' }),
      farmingPeriod: Type.String({
        pattern: '^[0-9]+(\\.[0-9]+)?$',
        description:
          "Days between start and end block (up to two decimals), from the chain's block time (measured, or BLOCK_TIME_<id>); a string, as the interface document types it",
      }),
      totalReward: Type.Array(digits(), { description: 'Wei of each reward token over the whole period' }),
      stakingPools: Type.Array(StakingPoolSchema),
    }),
    compoundEnabled: Type.Boolean(),
    latestUnstakeDelayBlock: Type.String({ ...DigitsSchema, description: 'The last block a stake can still be locked: endBlock − 1 + unstakeDelayDuration' }),
    fees: Type.Object({
      feeManager: address('The contract that keeps the fees'),
      protocolFee: Type.Number({ description: 'Basis points of claimed rewards' }),
      withdrawPenaltyFee: Type.Number({ description: 'Basis points of an unstake before withdrawPenaltyBlock' }),
      withdrawPenaltyBlock: Type.Number({
        description: 'Block until which the withdraw penalty applies: a number here, as the interface document types it (other block numbers are strings)',
      }),
    }),
    minimumAllocationPoint: Type.Number({
      description: 'Smallest allocation point a staking pool of this reward pool may be given (registry data; the interface document does not describe it)',
    }),
    timeLock: Type.String({ ...DigitsSchema, description: 'Block from which a stake made now can be unstaked' }),
    startBlockDuration: Type.Number({ description: "Seconds until startBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>)" }),
    endBlockDuration: Type.Number({ description: "Seconds until endBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>)" }),
    timeLockDuration: Type.Number({
      description: "The registry's value, passed through unchanged (the interface document does not describe it; the lock that applies on chain is timeLock)",
    }),
    kind: Type.Optional(
      Type.Union([Type.Literal('reference'), Type.Literal('masterchef'), Type.Literal('staking-rewards'), Type.Literal('multi-rewards')], {
        description: 'The contract family of the pool (registry `kind`); how each fills these fields is in docs/your-vaults.md, "Reward pool families"',
      }),
    ),
    endBlockNote: Type.Optional(
      Type.String({
        description: 'Present when the pool has no end (MasterChef): endBlock, latestUnstakeDelayBlock, farmingPeriod and endBlockDuration are then 0',
      }),
    ),
    estimateNote: Type.Optional(
      Type.String({
        description:
          "Present for pools paying per second: rewardPerBlock, startBlock and endBlock are estimates from their rates and timestamps with the chain's block time",
      }),
    ),
    durationNote: Type.Optional(
      Type.String({ description: "Present when the chain's block time is not known yet: the durations and farmingPeriod are then 0" }),
    ),
    tvl: Type.Number({
      description: "USD value of everything staked in the pool (P6 total), at the answer's block; what cannot be priced is named in tvlWarnings, not counted",
    }),
    tvlWarnings: Type.Optional(Type.Array(Type.String(), { description: 'Staking tokens of the pool that could not be priced' })),
    flags: Type.Optional(FlagsSchema),
  },
  {
    description:
      'Types are those of the interface document (2.2–2.4), kept even where alike fields differ: block numbers, wei amounts and counts are decimal strings, except fees.withdrawPenaltyBlock (a number); decimals is a number for the pool and a string for a staking pool; completedAPR values and farmingPeriod are decimal numbers written as strings.',
  },
)
export type RewardPoolObject = Static<typeof RewardPoolSchema>
