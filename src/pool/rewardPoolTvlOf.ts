import type { Address } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import { poolNotRegistered, poolUnreadable } from './poolErrors.js'
import { freshnessOf, pricedStateOf, type Freshness } from '../latest-state/index.js'
import { rewardPoolTvl, type PoolTvl } from '../pricing/index.js'

/** P6: USD staked in each staking pool of a registered reward pool, and the total. */
export async function rewardPoolTvlOf(ctx: ServiceContext, input: { pool: Address; chainId: number }): Promise<PoolTvl & { freshness: Freshness }> {
  const { registry } = chainFor(ctx, input.chainId)
  const address = input.pool
  if (!registry.rewardPools.has(address)) throw poolNotRegistered(ctx, address, input.chainId)
  const priced = await pricedStateOf(ctx, input.chainId)
  const state = priced.state.rewardPools.get(address)
  if (!state) throw poolUnreadable(address, input.chainId)
  return { ...rewardPoolTvl(priced, state), freshness: freshnessOf([priced]) }
}
