import type { Address } from 'viem'
import { type ChainContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import { poolNotRegistered, poolUnreadable } from './poolErrors.js'
import { rewardPoolTvl, type PoolTvl } from '../pricing/index.js'

/** P6: USD staked in each staking pool of a registered reward pool, and the total. */
export async function rewardPoolTvlOf(ctx: ChainContext, input: { pool: Address }): Promise<PoolTvl & { freshness: Freshness }> {
  const { registry } = ctx
  const address = input.pool
  if (!registry.rewardPools.has(address)) throw poolNotRegistered(ctx, address)
  const priced = await pricedStateOf(ctx)
  const state = priced.state.rewardPools.get(address)
  if (!state) throw poolUnreadable(address, ctx.chainId)
  return { ...rewardPoolTvl(priced, state), freshness: freshnessOf([priced]) }
}
