import { getAddress, type Address } from 'viem'
import { readContracts, type ChainClient } from '../chain/index.js'
import { chainFor, type ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
import { poolInfoRead, poolLengthRead } from '../protocols/index.js'
import type { Registered, RewardPoolEntry } from '../registry/index.js'
import { actionError } from '../tx/index.js'

/** A registered reward pool's staking pool `pid`, with its staking token. */
export interface PoolTarget {
  chain: ChainClient
  pool: Registered<RewardPoolEntry>
  pid: bigint
  stakingToken: Address
}

/**
 * The staking pool `pid` of the reward pool at `address`: 400 for a chain not configured, 404 for
 * a pool not registered or a pid it does not have. Staking tokens are read once per pool (two
 * round trips the first time) and read again only when a pid beyond them is asked for.
 */
export async function resolvePool(ctx: ServiceContext, input: { chainId: number; pool: string; pid: number }, action: string): Promise<PoolTarget> {
  const { chain, registry } = chainFor(ctx, input.chainId, '/body/chainId')
  const address = getAddress(input.pool)
  const pool = registry.rewardPools.get(address)
  if (!pool)
    throw new AppError({ code: 'POOL_NOT_FOUND', status: 404, detail: `no reward pool ${address} is registered on chain ${input.chainId}`, meta: { chainId: input.chainId } })
  const key = `stakingTokens:${input.chainId}:${address}`
  const load = () => stakingTokensOf(chain, address).catch((error: unknown) => Promise.reject(actionError(error, chain, action)))
  let tokens = await ctx.facts.get(key, load)
  if (input.pid >= tokens.length) {
    ctx.facts.forget(key)
    tokens = await ctx.facts.get(key, load)
  }
  const stakingToken = tokens[input.pid]
  if (!stakingToken)
    throw new AppError({
      code: 'POOL_NOT_FOUND',
      status: 404,
      detail: `reward pool ${address} on chain ${input.chainId} has no staking pool with pid ${input.pid} (it has ${tokens.length})`,
      meta: { chainId: input.chainId },
    })
  return { chain, pool, pid: BigInt(input.pid), stakingToken }
}

async function stakingTokensOf(chain: ChainClient, pool: Address): Promise<Address[]> {
  const { values } = await readContracts(chain, [poolLengthRead(pool)])
  const length = Number(values[0])
  if (length === 0) return []
  const infos = await readContracts(chain, Array.from({ length }, (_, pid) => poolInfoRead(pool, BigInt(pid))))
  return (infos.values as readonly (readonly [Address, ...bigint[]])[]).map((info) => getAddress(info[0]))
}
