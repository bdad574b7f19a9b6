import type { ChainSnapshot, FigureJump } from '../chain-snapshot/index.js'
import { rememberSnapshotPrices, snapshotPrices, type FigurePolicy, type PricedState } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'

/** A figure that moves by more than this factor between two snapshots... */
export const JUMP_FACTOR = 5
/** ...under this many seconds of chain time apart is flagged (DeFiLlama holds back such an update). */
export const JUMP_WINDOW_SECONDS = 6 * 3_600
/** Figures kept are at least this far apart in chain time (the latest excepted): at most 73 a chain over the window. */
const KEEP_EVERY_SECONDS = 300

interface Seen {
  blockNumber: bigint
  /** The block's timestamp, seconds. */
  timestamp: number
  figures: Record<string, number>
}

/**
 * Remembers each chain's figures (see figureDigest) over the last 6 hours of chain time and says
 * which of a new snapshot's moved more than 5× against any of them. A figure that is 0 on either
 * side is not compared: a rate from 0 (no harvest in the window yet) or a first deposit has no
 * ratio. In memory: a refresher that starts again watches from its first snapshot on.
 */
export class JumpWatch {
  private readonly seen = new Map<number, Seen[]>()

  constructor(
    private readonly deps: {
      registry: Registry
      figurePolicy: FigurePolicy | undefined
      /** The figures watched, by figureKey. */
      figuresOf: (priced: PricedState) => Record<string, number>
    },
  ) {}

  /** `snapshot` with the figures that jumped against the last 6 hours' snapshots (`jumps`), priced as it was. */
  watch(snapshot: ChainSnapshot): ChainSnapshot {
    const priced = snapshotPrices(this.deps.registry.chains.get(snapshot.chainId)!, snapshot, { figurePolicy: this.deps.figurePolicy })
    const jumps = this.observe(snapshot, this.deps.figuresOf(priced))
    if (!jumps) return snapshot
    const flagged = { ...snapshot, jumps }
    rememberSnapshotPrices(flagged, priced)
    return flagged
  }

  /** The jumps of `snapshot`'s figures against the earlier snapshots within the window; undefined when none. */
  observe(snapshot: ChainSnapshot, figures: Record<string, number>): Record<string, FigureJump> | undefined {
    const { blockNumber, timestamp } = snapshot.state
    const kept = (this.seen.get(snapshot.chainId) ?? []).filter(
      (earlier) => earlier.blockNumber < blockNumber && timestamp - earlier.timestamp < JUMP_WINDOW_SECONDS,
    )
    const jumps: Record<string, FigureJump> = {}
    const largest = new Map<string, number>()
    for (const earlier of kept) {
      for (const [key, to] of Object.entries(figures)) {
        const from = earlier.figures[key]
        if (from === undefined || !(from > 0) || !(to > 0)) continue
        const ratio = Math.max(from, to) / Math.min(from, to)
        if (ratio > JUMP_FACTOR && ratio > (largest.get(key) ?? 0)) {
          largest.set(key, ratio)
          jumps[key] = { from, to, fromBlock: earlier.blockNumber.toString(), fromTimestamp: earlier.timestamp }
        }
      }
    }
    const [before, last] = [kept.at(-2), kept.at(-1)]
    if (before && last && last.timestamp - before.timestamp < KEEP_EVERY_SECONDS) kept.pop()
    kept.push({ blockNumber, timestamp, figures })
    this.seen.set(snapshot.chainId, kept)
    return Object.keys(jumps).length > 0 ? jumps : undefined
  }
}
