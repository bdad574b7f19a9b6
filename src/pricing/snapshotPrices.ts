import type { BlockTime } from '../block-time/index.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { entryOf } from '../keyed/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { chainPrices, type PricedState, type StateContext } from './chainPrices.js'
import type { FigurePolicy } from './resolvePrices.js'

/** Each snapshot object's prices, computed once however many take them (the refresher, its history, every request). */
const pricedSnapshots = new WeakMap<ChainSnapshot, PricedState>()

/**
 * The priced state of `snapshot`: the one takeSnapshot priced it with (rememberSnapshotPrices),
 * else priced on first use (a snapshot that came from Redis or the store) and kept with it.
 * `fallbackBlockTime` stands for a snapshot from before block times were measured.
 */
export function snapshotPrices(
  registry: ChainRegistry,
  snapshot: ChainSnapshot,
  options: { fallbackBlockTime?: BlockTime | undefined; figurePolicy?: FigurePolicy | undefined } = {},
): PricedState {
  return entryOf(pricedSnapshots, snapshot, () =>
    chainPrices(registry, snapshot.state, {
      ...contextOf(snapshot, options.fallbackBlockTime),
      ...(options.figurePolicy && { figurePolicy: options.figurePolicy }),
    }),
  )
}

/**
 * Keeps the prices takeSnapshot computed `snapshot`'s completedAPR with, with what the snapshot
 * carries beside its state: what snapshotPrices would compute, without pricing the state again.
 */
export function rememberSnapshotPrices(snapshot: ChainSnapshot, priced: PricedState): void {
  pricedSnapshots.set(snapshot, { ...priced, ...contextOf(snapshot, undefined) })
}

/** What a snapshot carries beside its state, as the context its prices are given. */
function contextOf(snapshot: ChainSnapshot, fallbackBlockTime: BlockTime | undefined): StateContext {
  return {
    takenAt: snapshot.takenAt,
    blockTime: snapshot.blockTime ?? fallbackBlockTime,
    completedApr: snapshot.completedApr,
    ...(snapshot.completedAprNotes && { completedAprNotes: snapshot.completedAprNotes }),
    ...(snapshot.index && { index: snapshot.index }),
    ...(snapshot.apyBases && { apyBases: snapshot.apyBases }),
    ...(snapshot.harvest?.strategyFees && { strategyFees: snapshot.harvest.strategyFees }),
    ...(snapshot.jumps && { jumps: snapshot.jumps }),
  }
}
