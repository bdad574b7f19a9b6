import type { Address, Hex } from 'viem'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import { contractCall, MULTICALL3_ADDRESS, ReadBatch, type ChainClient, type FactCache } from '../chain/index.js'
import type { ChainState, StrategyState } from '../chain-snapshot/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { ChangedContracts } from './changedContracts.js'
import { knownOf } from './knownOf.js'
import { staticFactsOf } from './readStaticFacts.js'
import { finishPools, readStatePass } from './readStatePass.js'

/** The state of a chain without its token metadata (which a state read at a new block keeps). */
export type StateValues = Omit<ChainState, 'tokens'>

/** What a read of the changed contracts gives: their values, or why the whole state must be read instead. */
export type ChangedRead = { values: StateValues } | { doubt: string }

/**
 * Reads at `blockNumber` the feeds and bridges (every block: a Chainlink proxy's posts are logged
 * by its aggregator, another address, and bridge balances are few) and the contracts of `changed`,
 * in one Multicall3 pass. With `parent`, the pass also reads that block's hash: when the chain no
 * longer has it (a reorg since the state it follows was read) it says so instead, as it does
 * when a changed reward pool gained staking pools or reward tokens (its static facts are stale).
 */
export async function readChangedState(
  chain: ChainClient,
  registry: ChainRegistry,
  facts: FactCache,
  changed: ChangedContracts,
  blockNumber: bigint,
  parent?: { blockNumber: bigint; hash: Hex },
): Promise<ChangedRead> {
  const known = knownOf(await staticFactsOf(chain, registry, facts))
  const part: ChainRegistry = {
    ...registry,
    lpPairs: only(registry.lpPairs, changed.pairs),
    vaults: only(registry.vaults, changed.vaults),
    strategies: only(registry.strategies, changed.strategies),
  }
  const batch = new ReadBatch()
  const parentHash = parent && batch.add(contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getBlockHash', [parent.blockNumber]))
  const pass = await finishPools(
    chain,
    await readStatePass(chain, part, { lists: only(known.lists, changed.rewardPools), farms: known.farms }, blockNumber, batch),
  )
  if (parent && parentHash?.value() !== parent.hash) return { doubt: `block ${parent.blockNumber} is no longer ${parent.hash}` }
  if (pass.stale) return { doubt: 'a reward pool changed its staking pools or reward tokens' }
  return { values: pass.value }
}

/**
 * `previous` moved to the block of `values`: the entries `values` holds replace theirs, the
 * others stay, and each strategy not read again goes through `extrapolate` (its call reward grows
 * with time). Map order stays that of `previous`, which is the registry's.
 */
export function advanceState(previous: ChainState, values: StateValues, extrapolate: (strategy: Address, state: StrategyState) => StrategyState): ChainState {
  const strategies = new Map<Address, StrategyState>()
  previous.strategies?.forEach((state, strategy) => {
    strategies.set(strategy, values.strategies?.get(strategy) ?? extrapolate(strategy, state))
  })
  values.strategies?.forEach((state, strategy) => {
    strategies.set(strategy, state)
  })
  return {
    chainId: values.chainId,
    blockNumber: values.blockNumber,
    timestamp: values.timestamp,
    tokens: previous.tokens,
    feeds: values.feeds,
    bridgeBalances: values.bridgeBalances,
    pairs: merged(previous.pairs, values.pairs),
    vaultWant: merged(previous.vaultWant, values.vaultWant),
    vaultSupply: merged(previous.vaultSupply ?? new Map(), values.vaultSupply ?? new Map()),
    vaultDepositLimit: merged(previous.vaultDepositLimit ?? new Map(), values.vaultDepositLimit ?? new Map()),
    vaultHeld: merged(previous.vaultHeld ?? new Map(), values.vaultHeld ?? new Map()),
    rewardPools: merged(previous.rewardPools, values.rewardPools),
    strategies,
  }
}

function only<V>(map: ReadonlyMap<Address, V>, keys: ReadonlySet<Address>): Map<Address, V> {
  const kept = new Map<Address, V>()
  map.forEach((value, key) => {
    if (keys.has(key)) kept.set(key, value)
  })
  return kept
}

/**
 * `previous` with the entries of `values` set: `previous` itself when `values` is empty (a block
 * that changed none of them keeps the Map, which the snapshot's patch then leaves out), else a
 * copy. Copied by forEach: `new Map(previous)` walks an iterator, an entry array each, 2.5 times
 * the memory for a thousand entries, at every block.
 */
function merged<V>(previous: Map<Address, V>, values: ReadonlyMap<Address, V>): Map<Address, V> {
  if (values.size === 0) return previous
  const next = new Map<Address, V>()
  previous.forEach((value, key) => {
    next.set(key, value)
  })
  values.forEach((value, key) => {
    next.set(key, value)
  })
  return next
}
