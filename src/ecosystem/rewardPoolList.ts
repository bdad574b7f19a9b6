import type { Registered, RewardPoolEntry } from '../registry/index.js'
import type { RewardPoolObject } from '../schema/index.js'
import type { PricedState } from './chainPrices.js'
import type { RewardPoolState } from './readChainState.js'
import { stakingAprs } from './stakingAprs.js'

/** The `version` every RewardPool of the /v2/ list carries. */
export const POOL_LIST_VERSION = 2

const SECONDS_PER_DAY = 86_400

/**
 * One RewardPool object from the pool's state at the priced block, its registry metadata and the
 * APRs its ended staking pools last had (`completedAPR`, keyed by pid). Durations are seconds
 * from the chain's block time, 0 once the block is reached; `farmingPeriod` is days. Pure.
 */
export function rewardPoolObject(
  priced: PricedState,
  entry: Registered<RewardPoolEntry>,
  pool: RewardPoolState,
  blockTimeSeconds: number,
  completedAPR: Record<string, string>,
): RewardPoolObject {
  const now = priced.state.blockNumber
  const secondsUntil = (block: bigint) => (block > now ? Number(block - now) * blockTimeSeconds : 0)
  const aprs = stakingAprs(priced, pool, blockTimeSeconds)
  const firstReward = pool.rewardTokens[0]
  return {
    version: POOL_LIST_VERSION,
    address: entry.address,
    name: entry.name,
    decimals: (firstReward && priced.decimals(firstReward)) ?? 18,
    subtitle: entry.subtitle,
    keywords: entry.keywords,
    completedAPR,
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
  }
}

/** completedAPR from the APRs of a pool at the block before its end: `{ "<pid>": "<apr>" }`. */
export function completedAprRecord(aprs: readonly { apr: number; note?: string }[]): Record<string, string> {
  return Object.fromEntries(aprs.flatMap((apr, pid) => (apr.note ? [] : [[String(pid), String(apr.apr)]])))
}
