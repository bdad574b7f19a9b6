import { getAddress } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
import { freshnessOf, pricedStateOf, type Freshness } from '../latest-state/index.js'
import { rewardPoolTvl, type PoolTvl } from '../pricing/index.js'

/** P6: USD staked in each staking pool of a registered reward pool, and the total. */
export async function rewardPoolTvlOf(ctx: ServiceContext, input: { pool: string; chainId: number }): Promise<PoolTvl & { freshness: Freshness }> {
  const { registry } = chainFor(ctx, input.chainId, '/querystring/chain')
  const address = getAddress(input.pool)
  if (!registry.rewardPools.has(address))
    throw new AppError({ code: 'POOL_NOT_FOUND', status: 404, detail: `no reward pool ${address} is registered on chain ${input.chainId}` })
  const priced = await pricedStateOf(ctx, input.chainId, '/querystring/chain')
  const state = priced.state.rewardPools.get(address)
  if (!state)
    throw new AppError({
      code: 'UPSTREAM_UNAVAILABLE',
      status: 502,
      detail: `reward pool ${address} on chain ${input.chainId} did not answer its reads`,
      retryable: true,
      retryAfterSeconds: 5,
    })
  return { ...rewardPoolTvl(priced, state), freshness: freshnessOf([priced]) }
}
