import type { Address } from 'viem'
import type { RewardPoolState } from '../chain-snapshot/index.js'
import type { PricedState } from './chainPrices.js'

/**
 * What a reward pool's figures (its TVL, its staking pools' APRs) are computed from besides the
 * pool's own state, as numbers: whether it has ended at the priced block, the block time, and
 * each of its tokens' USD price and decimals. A pool whose state is the same object at the next
 * block (untouched) and whose inputs are the same has the same figures, so they are computed
 * again only for the pools a block touched or whose prices moved, not for every pool at every
 * block. Undefined while a token has no price: the figures then name the reason, which these
 * numbers do not hold, and are computed every time.
 */
export function poolInputsOf(priced: PricedState, pool: RewardPoolState): readonly number[] | undefined {
  const inputs: number[] = []
  return eachInput(priced, pool, (value) => inputs.push(value)) ? inputs : undefined
}

/** Whether `inputs` (poolInputsOf at an earlier block) are still `pool`'s at `priced`. */
export function samePoolInputs(inputs: readonly number[], priced: PricedState, pool: RewardPoolState): boolean {
  let at = 0
  let same = true
  const allPriced = eachInput(priced, pool, (value) => {
    if (inputs[at++] !== value) same = false
  })
  return allPriced && same && at === inputs.length
}

/** Memoises `compute` per pool state object on its inputs (see poolInputsOf): the last result while they hold. */
export function perPoolInputs<T>(): (priced: PricedState, pool: RewardPoolState, compute: () => T) => T {
  const computed = new WeakMap<RewardPoolState, { inputs: readonly number[]; value: T }>()
  return (priced, pool, compute) => {
    const earlier = computed.get(pool)
    if (earlier && samePoolInputs(earlier.inputs, priced, pool)) return earlier.value
    const value = compute()
    const inputs = poolInputsOf(priced, pool)
    if (inputs) computed.set(pool, { inputs, value })
    else computed.delete(pool)
    return value
  }
}

/**
 * Visits `pool`'s inputs in their order (ended, block time, then each reward token's and each
 * staking token's USD price and decimals), the one enumeration both poolInputsOf and
 * samePoolInputs follow; false, and no more visits, at a token without a price.
 */
function eachInput(priced: PricedState, pool: RewardPoolState, visit: (value: number) => void): boolean {
  visit(pool.endBlock <= priced.state.blockNumber ? 1 : 0)
  visit(priced.blockTime?.seconds ?? -1)
  const visitPrice = (token: Address) => {
    const price = priced.prices.get(token)
    if (!price?.ok) return false
    visit(price.usd)
    visit(priced.decimals(token) ?? -1)
    return true
  }
  return pool.rewardTokens.every(visitPrice) && pool.stakingPools.every((staking) => visitPrice(staking.stakingToken))
}
