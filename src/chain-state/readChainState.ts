import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import { ReadBatch, type ChainClient, type FactCache } from '../chain/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { ChainState, RewardPoolState } from '../chain-snapshot/index.js'
import { completeStaticFacts, readFirstFacts, rewardTokenFactReads, staticFactsOf, type PoolLists, type StaticFacts } from './readStaticFacts.js'
import { knownOf } from './knownOf.js'
import { finishPools, followUpPools, readStatePass, type StatePass } from './readStatePass.js'

export interface ReadChainStateOptions {
  /** The chain's head, as the caller just read it (default: the latest block). */
  head?: bigint
  /**
   * Called once with the block the state is read at (number, timestamp in seconds), as soon as it
   * is known: before the state itself on a first read, so work that needs only the block (the
   * block time's header reads) can go beside the state's reads.
   */
  onBlock?: (block: BlockSample) => void
  /**
   * On a first read, called once the reward pools' state is read and before the reads that
   * depend on it (a MasterChef's staked balances, the metadata of staking tokens first seen), so
   * reads of the pools' past (an ended pool's completedAPR, see startPoolAt) can go beside them.
   */
  onPools?: (pools: PoolsRead) => void
}

/** The reward pools as a first read knows them after its state pass. */
export interface PoolsRead {
  blockNumber: bigint
  /** Each pool's lists, as the first wave read them. */
  lists: Map<Address, PoolLists | undefined>
  /** Each pool's state; a pool still waiting for its last wave (a MasterChef) is missing. */
  states: ReadonlyMap<Address, RewardPoolState | undefined>
}

/**
 * Reads a chain's whole state at its head for the aggregate endpoints (feeds, pair reserves, vault
 * totals, bridge balances, every reward pool and staking pool) in one Multicall3 pass pinned to one
 * block, all its chunks at once: one round trip of latency. Static facts (token metadata, staking
 * tokens) come from `facts`. The first read of a chain learns them with the state (see
 * readWithFacts), and a pool that gained staking pools since makes them learnt again. For a past
 * block, see readPoolAt.
 */
export async function readChainState(chain: ChainClient, registry: ChainRegistry, facts: FactCache, options: ReadChainStateOptions = {}): Promise<ChainState> {
  const { onBlock, onPools } = options
  let told = false
  // A sample of its own: callers may keep it (the block clock does), and must not keep the state with it.
  const tell = ({ blockNumber, timestamp }: BlockSample) => {
    if (!told) onBlock?.({ blockNumber, timestamp })
    told = true
  }
  let learnt: ChainState | undefined
  const learnAt = (block: bigint | undefined) => async () => {
    const read = await readWithFacts(chain, registry, block, tell, onPools)
    learnt = read.state
    return read.statics
  }
  // A read that waited for another one learning the facts reads its own state after.
  const statics = await staticFactsOf(chain, registry, facts, false, learnAt(options.head))
  if (learnt) return learnt
  const pass = await finishPools(chain, await readStatePass(chain, registry, knownOf(statics), options.head))
  tell(pass.value)
  if (!pass.stale) return { ...pass.value, tokens: statics.tokens }
  const refreshed = await staticFactsOf(chain, registry, facts, true, learnAt(pass.value.blockNumber))
  if (learnt) return learnt
  return { ...(await finishPools(chain, await readStatePass(chain, registry, knownOf(refreshed), pass.value.blockNumber))).value, tokens: refreshed.tokens }
}

/**
 * The price sources (feeds, pairs) and the state of `pool` alone at `blockNumber`: what the
 * pool's APRs at a past block need (completedAPR), without the other pools, the vaults and the
 * bridges, which at scale are most of a chain's state. One Multicall3 pass; static facts from
 * `facts`, read first if need be.
 */
export async function readPoolAt(chain: ChainClient, registry: ChainRegistry, facts: FactCache, pool: Address, blockNumber: bigint): Promise<ChainState> {
  const statics = await staticFactsOf(chain, registry, facts)
  const pass = await poolPassAt(chain, registry, facts, pool, knownOf(statics).lists.get(pool), blockNumber)
  // Read once, by whoever started it: the callers keep what they make of it, not the pass.
  facts.forget(poolAtKey(chain, pool, blockNumber))
  return { ...pass.value, tokens: statics.tokens }
}

/**
 * Starts readPoolAt's read of `pool` at `blockNumber` with the lists known so far, before the
 * static facts are complete: readPoolAt then finds it under way. A first snapshot reads an ended
 * pool's past this way beside its own last wave. A failure is left for readPoolAt to meet again.
 */
export function startPoolAt(...args: Parameters<typeof poolPassAt>): void {
  poolPassAt(...args).catch(() => undefined)
}

/** The pass of readPoolAt, shared until readPoolAt has it (startPoolAt may start it first). */
function poolPassAt(
  chain: ChainClient,
  registry: ChainRegistry,
  facts: FactCache,
  pool: Address,
  lists: PoolLists | undefined,
  blockNumber: bigint,
): Promise<StatePass> {
  const priceSources: ChainRegistry = { ...registry, vaults: new Map(), strategies: new Map(), bridges: [] }
  return facts.get(poolAtKey(chain, pool, blockNumber), async () =>
    finishPools(chain, await readStatePass(chain, priceSources, { lists: new Map([[pool, lists]]), farms: new Map() }, blockNumber)),
  )
}

const poolAtKey = (chain: ChainClient, pool: Address, blockNumber: bigint) => `poolAt:${chain.chainId}:${pool}:${blockNumber}`

/**
 * The state and the static facts together, in the fewest dependent waves: (1) what needs no
 * earlier answer (pool lengths and reward tokens, metadata of every address the registry gives),
 * pinned to `blockNumber` or naming the block; (2) the state at that block, whose poolInfo reads
 * name the staking tokens, beside the metadata of reward tokens the registry does not name;
 * (3) only for staking tokens the registry does not name, their metadata, and the reads of pools
 * whose state depends on their staking tokens (MasterChef's staked balances). `onPools` hears of
 * the pools between (2) and (3), so what it starts goes beside (3).
 */
async function readWithFacts(
  chain: ChainClient,
  registry: ChainRegistry,
  blockNumber: bigint | undefined,
  onBlock: (block: BlockSample) => void,
  onPools: ((pools: PoolsRead) => void) | undefined,
): Promise<{ statics: StaticFacts; state: ChainState }> {
  const first = await readFirstFacts(chain, registry, blockNumber)
  onBlock(first)
  const batch = new ReadBatch()
  const more = rewardTokenFactReads(batch, first)
  const pass = await readStatePass(chain, registry, first, first.blockNumber, batch)
  onPools?.({ blockNumber: pass.value.blockNumber, lists: first.lists, states: pass.value.rewardPools })
  const third = new ReadBatch()
  const finish = followUpPools(pass, third)
  const statics = await completeStaticFacts(chain, first, more(), pass.stakingTokens, third, finish !== undefined)
  finish?.()
  return { statics, state: { ...pass.value, tokens: statics.tokens } }
}
