import { getAddress, type Address } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
import type { RewardPoolObject } from '../schema/index.js'
import { readCompletedApr, type CompletedApr } from './completedApr.js'
import { freshnessOf, type Freshness } from './freshness.js'
import { perState } from './perState.js'
import { pricedStateOf } from './pricedStateOf.js'
import { rewardPoolObject } from './rewardPoolList.js'
import { rewardPoolTvl, type PoolTvl } from './tvl.js'

/**
 * E2: every reward pool registered on the chain as a RewardPool object, from one block-pinned
 * pass. `completedAPR` of an ended pool comes with the snapshot (taken when the refresher saw the
 * pool end, or from the store); without one it is read from the node at the block before the
 * end, and where the node no longer has that state it is `{}` with `completedAPRNote`. Pools that
 * do not answer are left out and named in `omitted`.
 */
export async function rewardPoolList(ctx: ServiceContext, chainId: number): Promise<{ pools: RewardPoolObject[]; omitted: Address[]; freshness: Freshness }> {
  const { chain, registry } = chainFor(ctx, chainId, '/querystring/chain')
  const priced = await pricedStateOf(ctx, chainId, '/querystring/chain')
  const { pools, omitted } = await perState(priced, 'poolList', async () => {
    const pools: RewardPoolObject[] = []
    const omitted: Address[] = []
    for (const entry of registry.rewardPools.values()) {
      const state = priced.state.rewardPools.get(entry.address)
      if (!state) {
        omitted.push(entry.address)
        continue
      }
      let completed: CompletedApr = { aprs: {} }
      if (priced.state.blockNumber >= state.endBlock) {
        const [aprs, note] = [priced.completedApr?.[entry.address], priced.completedAprNotes?.[entry.address]]
        completed =
          aprs !== undefined || note !== undefined
            ? { aprs: aprs ?? {}, ...(note !== undefined && { note }) }
            : await readCompletedApr(chain, registry, ctx.facts, { pool: entry.address, endBlock: state.endBlock, blockTime: priced.blockTime })
      }
      pools.push(rewardPoolObject(priced, entry, state, completed))
    }
    return { pools, omitted }
  })
  return { pools, omitted, freshness: freshnessOf([priced]) }
}

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
