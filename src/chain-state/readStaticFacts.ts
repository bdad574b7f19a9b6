import { getAddress, type Address } from 'viem'
import { rewardPoolAbi } from '../../contracts/artifacts/index.js'
import { aggregate, contractCall, type ChainClient, type FactCache, type Settled } from '../chain/index.js'
import { decimalsRead, tokenTextRead } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { TokenFacts } from './ChainState.js'

/** A reward pool's lists that do not change block to block. */
export interface PoolFacts {
  rewardTokens: Address[]
  /** Staking token of each pid, in pid order. */
  stakingTokens: Address[]
}

/** Facts of a chain's registered contracts that are read once and kept. */
export interface StaticFacts {
  /** The block they were read at. */
  blockNumber: bigint
  tokens: Map<Address, TokenFacts>
  /** Undefined for a registered pool that does not answer as a reward pool. */
  pools: Map<Address, PoolFacts | undefined>
}

/**
 * Reads the static facts of a chain: every reward pool's reward tokens and staking tokens, and
 * the name, symbol and decimals of every token the registry or those pools involve. Two or three
 * Multicall3 batches, however many pools and tokens there are.
 */
export async function readStaticFacts(chain: ChainClient, registry: ChainRegistry): Promise<StaticFacts> {
  const pools = [...registry.rewardPools.keys()]
  const lists = await aggregate(
    chain,
    pools.flatMap((pool) => [contractCall(pool, rewardPoolAbi, 'poolLength'), contractCall(pool, rewardPoolAbi, 'rewardTokens')]),
  )
  const heads = pools.map((pool, index) => {
    const [length, rewardTokens] = [lists.results[2 * index], lists.results[2 * index + 1]] as [Settled<bigint>, Settled<readonly Address[]>]
    return length?.ok && rewardTokens?.ok ? { pool, length: Number(length.value), rewardTokens: rewardTokens.value.map((token) => getAddress(token)) } : undefined
  })

  const known = new Set<Address>([
    ...registry.tokens.keys(),
    ...registry.lpPairs.keys(),
    ...[...registry.lpPairs.values()].flatMap((pair) => [pair.token0, pair.token1]),
    ...registry.bridges.map((bridge) => bridge.token),
    ...[...registry.vaults.values()].map((vault) => vault.want),
    ...heads.flatMap((head) => head?.rewardTokens ?? []),
  ])
  const infoCalls = heads.flatMap((head) =>
    head ? Array.from({ length: head.length }, (_, pid) => contractCall(head.pool, rewardPoolAbi, 'poolInfo', [BigInt(pid)])) : [],
  )
  const tokens = new Map<Address, TokenFacts>()
  const knownList = [...known]
  const second = await aggregate(chain, [...infoCalls, ...knownList.flatMap(tokenFactReads)])
  const infos = second.results.slice(0, infoCalls.length) as Settled<readonly [Address, ...bigint[]]>[]
  collectTokenFacts(tokens, knownList, second.results.slice(infoCalls.length))

  const facts = new Map<Address, PoolFacts | undefined>()
  let cursor = 0
  for (const [index, pool] of pools.entries()) {
    const head = heads[index]
    if (!head) {
      facts.set(pool, undefined)
      continue
    }
    const own = infos.slice(cursor, cursor + head.length)
    cursor += head.length
    const stakingTokens = own.map((info) => (info.ok ? getAddress(info.value[0]) : undefined))
    facts.set(pool, stakingTokens.every(Boolean) ? { rewardTokens: head.rewardTokens, stakingTokens: stakingTokens as Address[] } : undefined)
  }

  const unseen = [...new Set([...facts.values()].flatMap((pool) => pool?.stakingTokens ?? []))].filter((token) => !tokens.has(token))
  if (unseen.length > 0) collectTokenFacts(tokens, unseen, (await aggregate(chain, unseen.flatMap(tokenFactReads))).results)
  return { blockNumber: lists.blockNumber, tokens, pools: facts }
}

function tokenFactReads(token: Address) {
  return [tokenTextRead(token, 'name'), tokenTextRead(token, 'symbol'), decimalsRead(token)]
}

function collectTokenFacts(into: Map<Address, TokenFacts>, tokens: Address[], results: readonly Settled<unknown>[]): void {
  tokens.forEach((token, index) => {
    const [name, symbol, decimals] = results.slice(3 * index, 3 * index + 3) as [Settled<string>, Settled<string>, Settled<number>]
    into.set(token, {
      ...(name.ok && { name: name.value }),
      ...(symbol.ok && { symbol: symbol.value }),
      ...(decimals.ok && { decimals: decimals.value }),
    })
  })
}

/** The static facts of a chain from `facts`, read from the chain the first time (or after `refresh`). */
export async function staticFactsOf(chain: ChainClient, registry: ChainRegistry, facts: FactCache, refresh = false): Promise<StaticFacts> {
  const key = `static:${chain.chainId}`
  if (refresh) facts.forget(key)
  return facts.get(key, () => readStaticFacts(chain, registry))
}
