import type { Address } from 'viem'
import type { RewardPoolState } from '../chain-snapshot/index.js'
import type { PricedState } from './chainPrices.js'

/**
 * Memoises `compute` per reward pool state object on what its figures (its TVL, its staking
 * pools' APRs) are computed from besides the pool's own state, as numbers: whether it has ended
 * at the priced block, the block time, and each of its tokens' USD price and decimals. A pool
 * whose state is the same object at the next block (untouched) and whose inputs are the same has
 * the same figures, so they are computed again only for the pools a block touched or whose prices
 * moved, not for every pool at every block. While a token has no price the figures name the
 * reason, which these numbers do not hold: they are then computed every time.
 */
export function perPoolInputs<T>(): (priced: PricedState, pool: RewardPoolState, compute: () => T) => T {
  const computed = new WeakMap<RewardPoolState, { inputs: Float64Array; value: T }>()
  return (priced, pool, compute) => {
    const allPriced = writeInputs(priced, pool)
    const earlier = computed.get(pool)
    if (allPriced && earlier && sameAsWritten(earlier.inputs)) return earlier.value
    // Copied before computing: `compute` may ask another memo (the figures ask the APRs'), which writes over `written`.
    const inputs = allPriced ? written.slice(0, count) : undefined
    const value = compute()
    if (inputs) computed.set(pool, { inputs, value })
    else computed.delete(pool)
    return value
  }
}

/**
 * The inputs of the pool last asked, and how many: written over at every call, so a thousand
 * pools a block cost no array (nor closure) each; copied only when a result is computed. One for
 * all the memos: each reads it before it computes.
 */
let written = new Float64Array(16)
let count = 0

/**
 * Writes `pool`'s inputs in their order (ended, block time, then each reward token's and each
 * staking token's USD price and decimals) to `written`; false, and no more, at a token without a price.
 */
function writeInputs(priced: PricedState, pool: RewardPoolState): boolean {
  count = 0
  write(pool.endBlock <= priced.state.blockNumber ? 1 : 0)
  write(priced.blockTime?.seconds ?? -1)
  for (const token of pool.rewardTokens) if (!writePrice(priced, token)) return false
  for (const staking of pool.stakingPools) if (!writePrice(priced, staking.stakingToken)) return false
  return true
}

function writePrice(priced: PricedState, token: Address): boolean {
  const price = priced.prices.get(token)
  if (!price?.ok) return false
  write(price.usd)
  write(priced.decimals(token) ?? -1)
  return true
}

function write(value: number): void {
  if (count === written.length) {
    const grown = new Float64Array(written.length * 2)
    grown.set(written)
    written = grown
  }
  written[count++] = value
}

/** Whether `inputs` (kept at an earlier block) are the ones just written. */
function sameAsWritten(inputs: Float64Array): boolean {
  if (inputs.length !== count) return false
  for (let at = 0; at < count; at++) if (inputs[at] !== written[at]) return false
  return true
}
