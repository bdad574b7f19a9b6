import type { BlockSample, BlockTime } from '../block-time/index.js'
import type { ChainClient, FactCache } from '../chain/index.js'
import type { ApyBase, ChainSnapshot, ChainState, HarvestCosts, SnapshotIndex } from '../chain-snapshot/index.js'
import { readChainState, type PoolsRead, type ReadChainStateOptions } from '../chain-state/index.js'
import { chainPrices, type PricedState, type FigurePolicy, rememberSnapshotPrices } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { CompletedAprs } from './CompletedAprKeeper.js'

/** What a snapshot adds to the chain state; neither may throw. */
export interface SnapshotSources {
  /** The chain's block time at `block` (override, measured, or the known default). */
  blockTime(block: BlockSample): Promise<BlockTime | undefined>
  /** completedAPR of the pools ended at the priced block, and why some are `{}`. */
  completedAprs(priced: PricedState): Promise<CompletedAprs>
  /** What a harvest costs now (the newest read, see HarvestCostKeeper); undefined when unknown. */
  harvestCosts?(): Promise<HarvestCosts | undefined>
  /** On a first read, the reward pools as soon as their state is read (see ReadChainStateOptions.onPools); may start reads, never throws. */
  poolsRead?(pools: PoolsRead): void
  /** What the event index says at `block` (its progress, stakers per staking pool); undefined without an index. */
  index?(block: BlockSample): Promise<SnapshotIndex | undefined>
  /** Each vault's price per share one APY window before `block`; asked for as soon as the block is known, so its header reads go beside the state's. */
  apyBases?(block: BlockSample): Promise<Record<string, ApyBase>>
  /** What a price must meet to be served; the default policy when left out. */
  figurePolicy?: FigurePolicy
  /** How the state is read (the refresher follows changes, see ChangeFollower); readChainState when left out. */
  readState?(options: ReadChainStateOptions): Promise<ChainState>
}

/**
 * Reads a chain's snapshot: its state at `head` (the block the refresher just saw; default
 * latest) in one Multicall3 pass (the whole state, or what changed since the last, see `readState`), the block time to compute APRs and durations with, and the
 * completedAPR of every pool that has ended by then. The block time is asked for as soon as the
 * block is known, so its header reads (when it has to measure) go beside the state's. Only the
 * state read can fail it.
 */
export async function takeSnapshot(
  chain: ChainClient,
  registry: ChainRegistry,
  facts: FactCache,
  sources: SnapshotSources,
  head?: bigint,
): Promise<ChainSnapshot> {
  let blockTimeOf: Promise<BlockTime | undefined> | undefined
  let indexOf: Promise<SnapshotIndex | undefined> | undefined
  let basesOf: Promise<Record<string, ApyBase>> | undefined
  // A chain's first snapshot reads them beside the state's first reads (the same round trip); later ones carry the newest read.
  const harvestCosts = sources.harvestCosts?.()
  const readState = sources.readState ?? ((options: ReadChainStateOptions) => readChainState(chain, registry, facts, options))
  const state = await readState({
    ...(head !== undefined && { head }),
    onBlock: (block) => {
      blockTimeOf = sources.blockTime(block)
      // Beside the state's reads: the index reaches the block while the state is read.
      indexOf = sources.index?.(block)
      basesOf = sources.apyBases?.(block)
    },
    ...(sources.poolsRead && { onPools: sources.poolsRead }),
  })
  const takenAt = Date.now()
  const blockTime = await (blockTimeOf ?? sources.blockTime({ blockNumber: state.blockNumber, timestamp: state.timestamp }))
  const priced = chainPrices(registry, state, { takenAt, blockTime, ...(sources.figurePolicy && { figurePolicy: sources.figurePolicy }) })
  const { completedApr, completedAprNotes } = await sources.completedAprs(priced)
  const apyBases = await (basesOf ?? sources.apyBases?.({ blockNumber: state.blockNumber, timestamp: state.timestamp }))
  const harvest = await harvestCosts
  const index = await (indexOf ?? sources.index?.({ blockNumber: state.blockNumber, timestamp: state.timestamp }))
  const snapshot: ChainSnapshot = {
    chainId: chain.chainId,
    takenAt,
    state,
    ...(blockTime && { blockTime }),
    completedApr,
    completedAprNotes,
    ...(harvest && { harvest }),
    ...(index && { index }),
    ...(apyBases && { apyBases }),
  }
  // Priced once: its history point and every answer read these prices.
  rememberSnapshotPrices(snapshot, priced)
  return snapshot
}
