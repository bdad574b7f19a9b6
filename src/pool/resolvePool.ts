import type { Address } from 'viem'
import type { ChainClient } from '../chain/index.js'
import { staticFactsOf } from '../chain-state/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { notFound } from '../errors/index.js'
import { rewardPoolAdapterFor, type RewardPoolAdapter } from '../protocols/index.js'
import type { Registered, RewardPoolEntry } from '../registry/index.js'
import { actionError } from '../tx/index.js'
import { poolNotRegistered, poolUnreadable } from './poolErrors.js'

/** A registered reward pool's staking pool `pid`, with its staking token, reward tokens and family adapter. */
export interface PoolTarget {
  chain: ChainClient
  pool: Registered<RewardPoolEntry>
  adapter: RewardPoolAdapter
  pid: bigint
  stakingToken: Address
  rewardTokens: Address[]
}

/**
 * The staking pool `pid` of the reward pool at `address`: 404 for a pool not registered or a pid
 * it does not have. Staking tokens come from the chain's static facts (read once, shared with the
 * aggregates) and are read again only when a pid beyond them is asked for.
 */
export async function resolvePool(ctx: ChainContext, input: { pool: Address; pid: number }, action: string): Promise<PoolTarget> {
  const { chain, registry } = ctx
  const address = input.pool
  const pool = registry.rewardPools.get(address)
  if (!pool) throw poolNotRegistered(ctx, address)
  const stakingTokensOf = async (refresh: boolean) => {
    try {
      return (await staticFactsOf(chain, registry, ctx.facts, refresh)).pools.get(address)
    } catch (error) {
      throw actionError(error, chain, action)
    }
  }
  let facts = await stakingTokensOf(false)
  if (!facts || input.pid >= facts.stakingTokens.length) facts = await stakingTokensOf(true)
  if (!facts) throw poolUnreadable(address, ctx.chainId)
  const tokens = facts.stakingTokens
  // Synthetix-style pools have pid 0 only: any other is a 404 like a pid a reference pool lacks.
  const stakingToken = tokens[input.pid]
  if (!stakingToken)
    throw notFound('POOL_NOT_FOUND', `reward pool ${address} on chain ${ctx.chainId} has no staking pool with pid ${input.pid} (it has ${tokens.length})`, {
      chainId: ctx.chainId,
    })
  return { chain, pool, adapter: rewardPoolAdapterFor(pool), pid: BigInt(input.pid), stakingToken, rewardTokens: facts.rewardTokens }
}
