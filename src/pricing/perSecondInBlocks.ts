import type { ChainState, RewardPoolState } from '../chain-snapshot/index.js'

/**
 * A pool paying per second (Synthetix StakingRewards, MultiRewards) in blocks, at the state's
 * block (number `blockNumber`, timestamp `timestamp` seconds) with `blockTimeSeconds` per block:
 * - rewardPerBlock = rewardRate (wei/s) × block time, and 0 for a token past its periodFinish
 *   (Synthetix keeps the last rate after the period, but nothing accrues);
 * - endBlock = the block estimated for the latest periodFinish: now + (periodFinish − timestamp) / block time;
 * - startBlock = the block estimated for the earliest periodFinish − rewardsDuration (when the running period began).
 * Estimates are rounded to whole blocks and never below 0. Other pools are returned as they are. Pure.
 */
export function perSecondInBlocks(pool: RewardPoolState, state: Pick<ChainState, 'blockNumber' | 'timestamp'>, blockTimeSeconds: number): RewardPoolState {
  const rates = pool.perSecond
  if (!rates || rates.periodFinish.length === 0 || !(blockTimeSeconds > 0)) return pool
  const now = BigInt(state.timestamp)
  // Block time in milliseconds keeps sub-second block times (Avalanche, BNB) exact enough in bigint.
  const blockTimeMs = BigInt(Math.round(blockTimeSeconds * 1000))
  const blockAt = (seconds: bigint) => {
    const block = state.blockNumber + BigInt(Math.round((Number(seconds - now) * 1000) / Number(blockTimeMs)))
    return block > 0n ? block : 0n
  }
  const max = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a))
  const min = (values: bigint[]) => values.reduce((a, b) => (b < a ? b : a))
  return {
    ...pool,
    rewardPerBlock: rates.rewardRate.map((rate, index) => (now < rates.periodFinish[index]! ? (rate * blockTimeMs) / 1000n : 0n)),
    startBlock: blockAt(min(rates.periodFinish.map((finish, index) => finish - rates.rewardsDuration[index]!))),
    endBlock: blockAt(max(rates.periodFinish)),
  }
}
