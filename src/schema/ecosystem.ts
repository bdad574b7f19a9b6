import Type, { type Static } from 'typebox'

/** The token metadata entry of the interface (2.6). */
export const TokenMetadataSchema = Type.Object({
  image: Type.String({ description: 'Link to the token image ("" when the registry has none)' }),
  name: Type.String(),
  symbol: Type.String(),
  decimals: Type.Integer(),
})
export type TokenMetadata = Static<typeof TokenMetadataSchema>

/** The Bridge object of the interface (2.5). */
export const BridgeSchema = Type.Object({
  ticker: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  ethBridgeAddress: Type.String({ description: 'Bridge on Ethereum; "" when the ticker has none there' }),
  bscBridgeAddress: Type.String({ description: 'Bridge on BNB Smart Chain; "" when the ticker has none there' }),
  erc20: Type.String({ description: 'Token on Ethereum; "" when none' }),
  bep20: Type.String({ description: 'Token on BNB Smart Chain; "" when none' }),
  decimals: Type.Integer(),
})
export type Bridge = Static<typeof BridgeSchema>

const LinkSchema = Type.Object({ label: Type.String({ description: 'Name of the link' }), url: Type.String({ description: 'URL of the link or social account' }) })

/** A staking pool inside a RewardPool's chaindata (2.3). */
export const StakingPoolSchema = Type.Object({
  stakingToken: Type.String({ description: 'Staking token address' }),
  allocationPoints: Type.String(),
  pid: Type.Integer({ description: 'Monotonic id of the staking pool' }),
  swapPath: Type.Array(Type.String(), { description: 'Swap path for a compound pool' }),
  decimals: Type.String({ description: 'Decimals of the staking token' }),
  depositCap: Type.String({ description: 'Maximum a user may stake, wei (0 = none)' }),
  capValidUntilBlock: Type.String({ description: 'Block after which the deposit cap no longer applies' }),
  totalStaked: Type.String({ description: 'Total staked, wei' }),
  participants: Type.String({ description: 'Number of users with a stake' }),
  apr: Type.Number({ description: 'Annual percentage rate, percent (0 with aprNote when there is none)' }),
  aprNote: Type.Optional(Type.String({ description: 'Why apr is 0: "ended", "no stake", no block time yet, or what could not be priced' })),
})

/** A RewardPool of `GET /v2/pools` (2.2, with chaindata 2.3 and fees 2.4). */
export const RewardPoolSchema = Type.Object({
  version: Type.Integer({ description: 'Version of the pool list (2)' }),
  address: Type.String(),
  name: Type.String(),
  decimals: Type.Integer({ description: 'Decimals of the (first) reward token' }),
  subtitle: Type.String(),
  keywords: Type.Array(Type.String()),
  completedAPR: Type.Record(Type.String(), Type.String(), {
    description:
      'For each ended staking pool (key: pid), the last APR it had before the end block: from the last snapshot before the end, the stored history, or the chain at the block before the end; {} with completedAPRNote when none of these has it',
  }),
  completedAPRNote: Type.Optional(
    Type.String({ description: 'Why completedAPR of an ended pool is {} (e.g. a pruned node no longer has the state before its end)' }),
  ),
  description: Type.String(),
  image: Type.String(),
  links: Type.Object({ website: Type.Optional(LinkSchema), twitter: Type.Optional(LinkSchema), telegram: Type.Optional(LinkSchema) }),
  chaindata: Type.Object({
    rewardPerBlock: Type.Array(Type.String(), { description: 'Wei of each reward token per block' }),
    startBlock: Type.String(),
    endBlock: Type.String(),
    claimDelay: Type.String({ description: 'Block from which rewards can be claimed' }),
    unstakeDelayDuration: Type.String({ description: 'Blocks a stake stays locked after it is made' }),
    totalAllocationPoints: Type.String(),
    rewardVault: Type.String(),
    rewardToken: Type.Array(Type.String()),
    farmingPeriod: Type.String({ description: "Days between start and end block, from the chain's block time (measured, or BLOCK_TIME_<id>)" }),
    totalReward: Type.Array(Type.String(), { description: 'Wei of each reward token over the whole period' }),
    stakingPools: Type.Array(StakingPoolSchema),
  }),
  compoundEnabled: Type.Boolean(),
  latestUnstakeDelayBlock: Type.String({ description: 'The last block a stake can still be locked: endBlock − 1 + unstakeDelayDuration' }),
  fees: Type.Object({
    feeManager: Type.String(),
    protocolFee: Type.Number({ description: 'Basis points of claimed rewards' }),
    withdrawPenaltyFee: Type.Number({ description: 'Basis points of an unstake before withdrawPenaltyBlock' }),
    withdrawPenaltyBlock: Type.Number(),
  }),
  minimumAllocationPoint: Type.Number(),
  timeLock: Type.String({ description: 'Block from which a stake made now can be unstaked' }),
  startBlockDuration: Type.Number({ description: "Seconds until startBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>)" }),
  endBlockDuration: Type.Number({ description: "Seconds until endBlock (0 once reached), from the chain's block time (measured, or BLOCK_TIME_<id>)" }),
  timeLockDuration: Type.Number(),
  durationNote: Type.Optional(
    Type.String({ description: "Present when the chain's block time is not known yet: the durations and farmingPeriod are then 0" }),
  ),
})
export type RewardPoolObject = Static<typeof RewardPoolSchema>
export type StakingPoolObject = Static<typeof StakingPoolSchema>
