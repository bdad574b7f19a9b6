import { toUnits } from './priceMath.js'

/** Seconds in a 365-day year: blocks per year = this / seconds per block. */
export const SECONDS_PER_YEAR = 31_536_000

/** One reward token of a pool: its emission and price. */
export interface RewardEmission {
  /** Reward token wei emitted per block by the whole reward pool. */
  perBlock: bigint
  decimals: number
  usd: number
}

export type AprResult = { ok: true; apr: number } | { ok: false; reason: 'no-stake' }

/**
 * APR of one staking pool, in percent: the USD value its share of the rewards pays in a year
 * (reward per block × allocPoint / totalAllocPoint × blocks per year, summed over reward tokens)
 * over the USD value staked in it. Nothing staked has no APR (not 0, not infinity).
 */
export function stakingPoolApr(input: {
  rewards: readonly RewardEmission[]
  allocPoint: bigint
  totalAllocPoint: bigint
  blockTimeSeconds: number
  stakedUsd: number
}): AprResult {
  if (input.stakedUsd <= 0) return { ok: false, reason: 'no-stake' }
  if (input.totalAllocPoint === 0n) return { ok: true, apr: 0 }
  const share = Number(input.allocPoint) / Number(input.totalAllocPoint)
  const blocksPerYear = SECONDS_PER_YEAR / input.blockTimeSeconds
  const yearlyUsd = input.rewards.reduce((sum, reward) => sum + toUnits(reward.perBlock, reward.decimals) * reward.usd, 0) * share * blocksPerYear
  return { ok: true, apr: (yearlyUsd / input.stakedUsd) * 100 }
}
