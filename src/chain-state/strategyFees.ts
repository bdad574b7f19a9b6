import type { Address } from 'viem'
import type { Settled } from '../chain/index.js'
import type { StrategyFees } from '../chain-snapshot/index.js'
import { allFeesRead, feeCategoryReads, feeManagerReads } from '../protocols/index.js'

const WAD = 10n ** 18n

/** Every read of a strategy's fees in the three shapes, sent together (one round trip): the shape it has answers. */
export function strategyFeeReads(strategy: Address) {
  return [allFeesRead(strategy), ...feeCategoryReads(strategy), ...feeManagerReads(strategy)] as const
}

/** How many reads strategyFeeReads gives per strategy. */
export const STRATEGY_FEE_READS = 9

type Decoded<read> = read extends { decode: (data: `0x${string}`) => infer T } ? Settled<T> : never
type Outcomes<reads extends readonly unknown[]> = { [index in keyof reads]: Decoded<reads[index]> }
type FeeReads = Outcomes<ReturnType<typeof strategyFeeReads>>

/**
 * The fees of `getAllFees()` where it answers; else of the `getFees()` struct with
 * `withdrawalFee()` over `WITHDRAWAL_MAX()`; else of the 2021 FeeManager's `callFee()`,
 * `beefyFee()` and `STRATEGIST_FEE()` over `MAX_FEE()` (the total `totalFee()` over it where the
 * strategy has one, else null); else none.
 */
export function strategyFeesOf(results: readonly Settled<unknown>[]): StrategyFees | undefined {
  const [all, category, withdrawalFee, withdrawalMax, callFee, beefyFee, strategistFee, maxFee, totalFee] = results as FeeReads
  if (all.ok) {
    const { performance, deposit, withdraw } = all.value
    const parts = { total: performance.total, treasury: performance.beefy, call: performance.call, strategist: performance.strategist }
    return { ...parts, depositBps: deposit, withdrawBps: withdraw, withdrawMax: 10_000n, source: 'getAllFees' }
  }
  // Both earlier shapes state the withdrawal fee alike.
  if (!withdrawalFee.ok || !withdrawalMax.ok || withdrawalMax.value === 0n) return undefined
  const withdraw = { depositBps: 0n, withdrawBps: withdrawalFee.value, withdrawMax: withdrawalMax.value }
  if (category.ok) {
    const { total, beefy, call, strategist } = category.value
    return { total, treasury: beefy, call, strategist, ...withdraw, source: 'getFees' }
  }
  if (!callFee.ok || !beefyFee.ok || !strategistFee.ok || !maxFee.ok || maxFee.value === 0n) return undefined
  // Shares of MAX_FEE brought to the 1e18 scale of the other shapes.
  const share = (part: bigint) => (part * WAD) / maxFee.value
  return {
    total: totalFee.ok ? share(totalFee.value) : null,
    treasury: share(beefyFee.value),
    call: share(callFee.value),
    strategist: share(strategistFee.value),
    ...withdraw,
    source: 'feeManager',
  }
}
