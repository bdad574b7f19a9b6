import type { Address } from 'viem'
import { ReadBatch, type ChainClient, type FactCache } from '../chain/index.js'
import { decimalsRead, farmOfRead, rewardPoolAdapterFor, tokenTextRead, type PoolLists } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { TokenFacts } from '../chain-snapshot/index.js'

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
  /** Each registered strategy's farm (`farm()`); undefined for a strategy that names none. */
  farms: Map<Address, Address | undefined>
}

export type { PoolLists }

/**
 * The first wave of the static facts: the reads that need no earlier answer. Static facts form a
 * chain of dependent reads (a pool's length names its pids, a pid's poolInfo names its staking
 * token, a token's address its metadata); metadata is read here for every address the registry
 * gives, so that usually nothing is left to read after the staking tokens are known.
 */
export interface FirstFacts {
  blockNumber: bigint
  /** That block's timestamp, seconds. */
  timestamp: number
  /** Undefined for a pool that did not answer `poolLength` and `rewardTokens`. */
  lists: Map<Address, PoolLists | undefined>
  /** The tokens the registry names: always part of the facts. */
  named: Address[]
  /** Metadata read so far: of the named tokens (every vault's share token among them). */
  read: Map<Address, TokenFacts>
  /** Each registered strategy's farm; undefined for a strategy that names none. */
  farms: Map<Address, Address | undefined>
}

/** Reads the first wave (see FirstFacts) at `blockNumber` (default latest): one Multicall3 pass. */
export async function readFirstFacts(chain: ChainClient, registry: ChainRegistry, blockNumber?: bigint): Promise<FirstFacts> {
  const batch = new ReadBatch()
  // Each family says how it lists its staking pools and reward tokens.
  const pools = [...registry.rewardPools.values()].map((entry) => ({ pool: entry.address, lists: rewardPoolAdapterFor(entry).listReads(batch, entry.address) }))
  const named = new Set<Address>([
    ...registry.tokens.keys(),
    ...registry.lpPairs.keys(),
    ...[...registry.lpPairs.values()].flatMap((pair) => [pair.token0, pair.token1]),
    ...registry.bridges.map((bridge) => bridge.token),
    ...[...registry.vaults.values()].map((vault) => vault.want),
    // Vault shares: each vault's entry gives their decimals, and reward pools often stake them.
    ...registry.vaults.keys(),
  ])
  const metadata = tokenFactReads(batch, [...named])
  const farms = [...registry.strategies.keys()].map((strategy) => ({ strategy, farm: batch.add(farmOfRead(strategy)) }))
  const clock = await batch.run(chain, blockNumber)
  const lists = new Map<Address, PoolLists | undefined>()
  for (const { pool, lists: listed } of pools) lists.set(pool, listed())
  return {
    blockNumber: clock.blockNumber,
    timestamp: Number(clock.timestamp),
    lists,
    named: [...named],
    read: metadata(),
    farms: new Map(farms.map(({ strategy, farm }) => [strategy, farm.value()])),
  }
}

/** Adds to `batch` the metadata reads of the reward tokens the first wave did not read; their facts once it ran. */
export function rewardTokenFactReads(batch: ReadBatch, first: FirstFacts): () => Map<Address, TokenFacts> {
  const unread = new Set([...first.lists.values()].flatMap((lists) => lists?.rewardTokens ?? []).filter((token) => !first.read.has(token)))
  return tokenFactReads(batch, [...unread])
}

/**
 * The static facts from the first wave, the metadata read beside the second (`more`) and each
 * pool's staking tokens. Metadata of staking tokens not read yet (none when the registry names
 * them all) costs one more Multicall3 pass, at the first wave's block; `batch` may carry other
 * reads of that wave (`pending` says it does), so they share it.
 */
export async function completeStaticFacts(
  chain: ChainClient,
  first: FirstFacts,
  more: Map<Address, TokenFacts>,
  stakingTokens: Map<Address, Address[] | undefined>,
  batch = new ReadBatch(),
  pending = false,
): Promise<StaticFacts> {
  const pools = new Map<Address, PoolFacts | undefined>()
  for (const [pool, lists] of first.lists) {
    const staking = stakingTokens.get(pool)
    pools.set(pool, lists && staking ? { rewardTokens: lists.rewardTokens, stakingTokens: staking } : undefined)
  }
  const wanted = new Set<Address>([
    ...first.named,
    ...[...first.lists.values()].flatMap((lists) => lists?.rewardTokens ?? []),
    ...[...pools.values()].flatMap((pool) => pool?.stakingTokens ?? []),
  ])
  const read = new Map([...first.read, ...more])
  const unseen = [...wanted].filter((token) => !read.has(token))
  if (unseen.length > 0 || pending) {
    const metadata = tokenFactReads(batch, unseen)
    await batch.run(chain, first.blockNumber)
    for (const [token, facts] of metadata()) read.set(token, facts)
  }
  return { blockNumber: first.blockNumber, tokens: new Map([...wanted].map((token) => [token, read.get(token)!])), pools, farms: first.farms }
}

/**
 * Reads the static facts of a chain on their own: every reward pool's reward tokens and staking
 * tokens, and the name, symbol and decimals of every token the registry or those pools involve.
 * Two Multicall3 passes (three when a pool stakes a token the registry does not name), however
 * many pools and tokens there are. A snapshot learns them with its state instead (readChainState).
 */
export async function readStaticFacts(chain: ChainClient, registry: ChainRegistry): Promise<StaticFacts> {
  const first = await readFirstFacts(chain, registry)
  const batch = new ReadBatch()
  const more = rewardTokenFactReads(batch, first)
  const staking = [...first.lists].map(([pool, lists]) => ({
    pool,
    tokens: lists ? rewardPoolAdapterFor(registry.rewardPools.get(pool)!).stakingTokenReads(batch, pool, lists.length) : () => undefined,
  }))
  await batch.run(chain, first.blockNumber)
  return completeStaticFacts(chain, first, more(), new Map(staking.map(({ pool, tokens }) => [pool, tokens()])))
}

/** Adds the name, symbol and decimals reads of `tokens` to `batch`; what each token answered, once it ran. */
function tokenFactReads(batch: ReadBatch, tokens: readonly Address[]): () => Map<Address, TokenFacts> {
  const reads = tokens.map((token) => ({
    token,
    name: batch.add(tokenTextRead(token, 'name')),
    symbol: batch.add(tokenTextRead(token, 'symbol')),
    decimals: batch.add(decimalsRead(token)),
  }))
  return () =>
    new Map(
      reads.map(({ token, name, symbol, decimals }) => {
        const [n, s, d] = [name.value(), symbol.value(), decimals.value()]
        return [token, { ...(n !== undefined && { name: n }), ...(s !== undefined && { symbol: s }), ...(d !== undefined && { decimals: d }) }]
      }),
    )
}

/**
 * The static facts of a chain from `facts`, loaded with `load` the first time (or after
 * `refresh`): by default read on their own; a snapshot passes a load that reads them with its state.
 */
export async function staticFactsOf(
  chain: ChainClient,
  registry: ChainRegistry,
  facts: FactCache,
  refresh = false,
  load: () => Promise<StaticFacts> = () => readStaticFacts(chain, registry),
): Promise<StaticFacts> {
  const key = `static:${chain.chainId}`
  if (refresh) facts.forget(key)
  return facts.get(key, load)
}
