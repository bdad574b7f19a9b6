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
  const inputs = [pool.endBlock <= priced.state.blockNumber ? 1 : 0, priced.blockTime?.seconds ?? -1]
  let allPriced = true
  forEachToken(pool, (token) => {
    const price = priced.prices.get(token)
    if (!price?.ok) allPriced = false
    else inputs.push(price.usd, priced.decimals(token) ?? -1)
  })
  return allPriced ? inputs : undefined
}

/** Whether `inputs` (poolInputsOf at an earlier block) are still `pool`'s at `priced`. */
export function samePoolInputs(inputs: readonly number[], priced: PricedState, pool: RewardPoolState): boolean {
  if (inputs[0] !== (pool.endBlock <= priced.state.blockNumber ? 1 : 0) || inputs[1] !== (priced.blockTime?.seconds ?? -1)) return false
  let at = 2
  let same = true
  forEachToken(pool, (token) => {
    if (!same) return
    const price = priced.prices.get(token)
    same = price?.ok === true && inputs[at] === price.usd && inputs[at + 1] === (priced.decimals(token) ?? -1)
    at += 2
  })
  return same && at === inputs.length
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

/** Each reward token, then each staking pool's staking token, in order. */
function forEachToken(pool: RewardPoolState, visit: (token: Address) => void): void {
  for (const token of pool.rewardTokens) visit(token)
  for (const staking of pool.stakingPools) visit(staking.stakingToken)
}
