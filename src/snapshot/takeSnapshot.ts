import type { BlockTime } from '../block-time/index.js'
import type { ChainClient, FactCache } from '../chain/index.js'
import { readChainState, type ChainSnapshot, type ChainState } from '../chain-state/index.js'
import { chainPrices, type PricedState } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { CompletedAprs } from './CompletedAprKeeper.js'

/** What a snapshot adds to the chain state; neither may throw. */
export interface SnapshotSources {
  /** The chain's block time at the state's block (override, measured, or the known default). */
  blockTime(state: ChainState): Promise<BlockTime | undefined>
  /** completedAPR of the pools ended at the priced block, and why some are `{}`. */
  completedAprs(priced: PricedState): Promise<CompletedAprs>
}

/**
 * Reads a chain's snapshot: its whole state at `head` (the block the refresher just saw; default
 * latest) in one Multicall3 pass, the block
 * time to compute APRs and durations with, and the completedAPR of every pool that has ended by
 * then. Only the state read can fail it.
 */
export async function takeSnapshot(chain: ChainClient, registry: ChainRegistry, facts: FactCache, sources: SnapshotSources, head?: bigint): Promise<ChainSnapshot> {
  const state = await readChainState(chain, registry, facts, head, true)
  const takenAt = Date.now()
  const blockTime = await sources.blockTime(state)
  const priced = chainPrices(registry, state, { takenAt, blockTime })
  const { completedApr, completedAprNotes } = await sources.completedAprs(priced)
  return { chainId: chain.chainId, takenAt, state, ...(blockTime && { blockTime }), completedApr, completedAprNotes }
}
