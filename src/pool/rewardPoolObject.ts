import { noBlockTimeNote } from '../block-time/index.js'
import type { RewardPoolState } from '../chain-state/index.js'
import { stakingAprs, type CompletedApr, type PricedState } from '../pricing/index.js'
import type { Registered, RewardPoolEntry } from '../registry/index.js'
import type { RewardPoolObject } from '../schema/index.js'

/** The `version` every RewardPool of the /v2/ list carries. */
export const POOL_LIST_VERSION = 2

const SECONDS_PER_DAY = 86_400

/**
 * One RewardPool object from the pool's state at the priced block, its registry metadata and its
 * completedAPR (the APRs its staking pools last had before the end, keyed by pid; `{}` with a
 * note when they cannot be given). Durations are whole seconds from the chain's block time
 * (measured, or the override), 0 once the block is reached; `farmingPeriod` is days. Without a block time
 * (an unknown chain not measured yet) durations are 0 and `durationNote` says why. Pure.
 */
export function rewardPoolObject(priced: PricedState, entry: Registered<RewardPoolEntry>, pool: RewardPoolState, completed: CompletedApr): RewardPoolObject {
  const now = priced.state.blockNumber
  const blockTimeSeconds = priced.blockTime?.seconds ?? 0
  const secondsUntil = (block: bigint) => (block > now ? Math.round(Number(block - now) * blockTimeSeconds) : 0)
  const aprs = stakingAprs(priced, pool)
  const firstReward = pool.rewardTokens[0]
  return {
    version: POOL_LIST_VERSION,
    address: entry.address,
    name: entry.name,
    decimals: (firstReward && priced.decimals(firstReward)) ?? 18,
    subtitle: entry.subtitle,
    keywords: entry.keywords,
    completedAPR: completed.aprs,
    ...(completed.note !== undefined && { completedAPRNote: completed.note }),
    description: entry.description,
    image: entry.image,
    links: entry.links,
    chaindata: {
      rewardPerBlock: pool.rewardPerBlock.map(String),
      startBlock: String(pool.startBlock),
      endBlock: String(pool.endBlock),
      claimDelay: String(pool.claimDelay),
      unstakeDelayDuration: String(pool.unstakeDelayDuration),
      totalAllocationPoints: String(pool.totalAllocPoint),
      rewardVault: pool.rewardVault,
      rewardToken: pool.rewardTokens,
      farmingPeriod: String(Math.round((Number(pool.endBlock - pool.startBlock) * blockTimeSeconds * 100) / SECONDS_PER_DAY) / 100),
      totalReward: pool.totalReward.map(String),
      stakingPools: pool.stakingPools.map((staking, index) => ({
        stakingToken: staking.stakingToken,
        allocationPoints: String(staking.allocPoint),
        pid: staking.pid,
        swapPath: staking.swapPath,
        decimals: String(priced.decimals(staking.stakingToken) ?? ''),
        depositCap: String(staking.depositCap),
        capValidUntilBlock: String(staking.capValidUntilBlock),
        totalStaked: String(staking.totalStaked),
        participants: String(staking.participants),
        apr: aprs[index]!.apr,
        ...(aprs[index]!.note && { aprNote: aprs[index]!.note }),
      })),
    },
    compoundEnabled: pool.compoundEnabled,
    // The last stake can happen in the block before the end; it stays locked for the delay after it.
    latestUnstakeDelayBlock: String(pool.endBlock - 1n + pool.unstakeDelayDuration),
    fees: {
      feeManager: pool.feeManager,
      protocolFee: Number(pool.protocolFee),
      withdrawPenaltyFee: Number(pool.withdrawPenaltyFee),
      withdrawPenaltyBlock: Number(pool.withdrawPenaltyBlock),
    },
    minimumAllocationPoint: entry.minimumAllocationPoint,
    // A stake made in the next block can be unstaked from this block on.
    timeLock: String(now + 1n + pool.unstakeDelayDuration),
    startBlockDuration: secondsUntil(pool.startBlock),
    endBlockDuration: secondsUntil(pool.endBlock),
    timeLockDuration: entry.timeLockDuration,
    ...(!priced.blockTime && { durationNote: noBlockTimeNote(priced.state.chainId) }),
  }
}
