import { getAddress, type Address } from 'viem'
import type { ChainClient, FactCache } from '../chain/index.js'
import { chainFor, type ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { actionError } from '../tx/index.js'
import { chainPrices } from './chainPrices.js'
import { freshnessOf, type Freshness } from './freshness.js'
import { perState } from './perState.js'
import { pricedStateOf } from './pricedStateOf.js'
import { readChainState } from './readChainState.js'
import type { RewardPoolObject } from '../schema/index.js'
import { completedAprRecord, rewardPoolObject } from './rewardPoolList.js'
import { stakingAprs } from './stakingAprs.js'
import { rewardPoolTvl, type PoolTvl } from './tvl.js'

/**
 * E2: every reward pool registered on the chain as a RewardPool object, from one block-pinned
 * pass. `completedAPR` of an ended pool is its staking pools' APR at the block before its end,
 * read once from the chain and kept. Pools that do not answer are left out and named in `omitted`.
 */
export async function rewardPoolList(ctx: ServiceContext, chainId: number): Promise<{ pools: RewardPoolObject[]; omitted: Address[]; freshness: Freshness }> {
  const { chain, registry } = chainFor(ctx, chainId, '/querystring/chain')
  const priced = await pricedStateOf(ctx, chainId, '/querystring/chain')
  const { pools, omitted } = await perState(priced, 'poolList', async () => {
    const blockTime = chain.config.blockTimeSeconds
    const pools: RewardPoolObject[] = []
    const omitted: Address[] = []
    for (const entry of registry.rewardPools.values()) {
      const state = priced.state.rewardPools.get(entry.address)
      if (!state) {
        omitted.push(entry.address)
        continue
      }
      const ended = priced.state.blockNumber >= state.endBlock
      const completed = !ended ? {} : (priced.completedApr?.[entry.address] ?? (await completedAprOf(chain, registry, ctx.facts, entry.address, state.endBlock)))
      pools.push(rewardPoolObject(priced, entry, state, blockTime, completed))
    }
    return { pools, omitted }
  })
  return { pools, omitted, freshness: freshnessOf([priced]) }
}

/** The APRs an ended pool's staking pools had at the block before its end, read from the chain (kept: the past does not change). */
export function completedAprOf(chain: ChainClient, registry: ChainRegistry, facts: FactCache, pool: Address, endBlock: bigint): Promise<Record<string, string>> {
  return facts.get(`completedApr:${chain.chainId}:${pool}:${endBlock}`, async () => {
    try {
      const priced = chainPrices(registry, await readChainState(chain, registry, facts, endBlock - 1n))
      const state = priced.state.rewardPools.get(pool)
      return state ? completedAprRecord(stakingAprs(priced, state, chain.config.blockTimeSeconds)) : {}
    } catch (error) {
      throw actionError(error, chain, 'read')
    }
  })
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

/**
 * P7: total staked (wei) of `token` over every registered reward pool on `chainId`, or on every
 * configured chain where it is a staking token. A token no registered pool stakes is a 404.
 */
export async function totalStakedOf(ctx: ServiceContext, input: { token: string; chainId?: number }): Promise<{ totalStaked: bigint; freshness: Freshness }> {
  const token = getAddress(input.token)
  const chainIds = input.chainId !== undefined ? [chainFor(ctx, input.chainId, '/querystring/chain').chain.chainId] : [...ctx.chains.keys()]
  const states = await Promise.all(chainIds.map((chainId) => pricedStateOf(ctx, chainId, '/querystring/chain')))
  let totalStaked = 0n
  let staked = false
  for (const { state } of states) {
    for (const pool of state.rewardPools.values()) {
      for (const staking of pool?.stakingPools ?? []) {
        if (staking.stakingToken !== token) continue
        staked = true
        totalStaked += staking.totalStaked
      }
    }
  }
  if (!staked)
    throw new AppError({
      code: 'TOKEN_NOT_FOUND',
      status: 404,
      detail: `${token} is not a staking token of any registered reward pool on ${input.chainId === undefined ? 'the configured chains' : `chain ${input.chainId}`}`,
    })
  return { totalStaked, freshness: freshnessOf(states, true) }
}
