import type { ChainSnapshot, FigureJump } from '../chain-snapshot/index.js'
import { figureKey, rememberSnapshotPrices, snapshotPrices, type FigureDigest, type FigurePolicy, type PricedState } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import { entryOf } from '../keyed/index.js'

/** A figure that moves by more than this factor between two snapshots... */
export const JUMP_FACTOR = 5
/** ...under this many seconds of chain time apart is flagged (DeFiLlama holds back such an update). */
export const JUMP_WINDOW_SECONDS = 6 * 3_600
/** Figures kept are at least this far apart in chain time (the latest excepted): at most 73 a chain over the window. */
const KEEP_EVERY_SECONDS = 300

interface Extreme {
  value: number
  earlier: Seen
}

/** The extremes of each figure over the kept snapshots `of`, by entry and field. */
interface Extremes {
  of: Seen[]
  least: Map<string, Record<string, Extreme>>
  most: Map<string, Record<string, Extreme>>
}

interface Seen {
  blockNumber: bigint
  /** The block's timestamp, seconds. */
  timestamp: number
  figures: FigureDigest
}

/**
 * Remembers each chain's figures (see figureDigest) over the last 6 hours of chain time and says
 * which of a new snapshot's moved more than 5× against any of them. A figure that is 0 on either
 * side is not compared: a rate from 0 (no harvest in the window yet) or a first deposit has no
 * ratio. In memory: a refresher that starts again watches from its first snapshot on.
 */
export class JumpWatch {
  private readonly seen = new Map<number, Seen[]>()
  private readonly extremes = new Map<number, Extremes>()

  constructor(
    private readonly deps: {
      registry: Registry
      figurePolicy: FigurePolicy | undefined
      /** The figures watched. */
      figuresOf: (priced: PricedState) => FigureDigest
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

  /**
   * The jumps of `snapshot`'s figures against the earlier snapshots within the window; undefined
   * when none. A figure's largest move is against the smallest or the largest value it had in the
   * window: those of the kept snapshots but the last are gathered once each time that set changes
   * (every KEEP_EVERY_SECONDS), so a new block costs one look per figure, not one per kept snapshot.
   */
  observe(snapshot: ChainSnapshot, figures: FigureDigest): Record<string, FigureJump> | undefined {
    const { blockNumber, timestamp } = snapshot.state
    const kept = (this.seen.get(snapshot.chainId) ?? []).filter(
      (earlier) => earlier.blockNumber < blockNumber && timestamp - earlier.timestamp < JUMP_WINDOW_SECONDS,
    )
    const settled = kept.slice(0, -1)
    let known = this.extremes.get(snapshot.chainId)
    if (!known || known.of.length !== settled.length || known.of.some((earlier, index) => earlier !== settled[index])) {
      known = { of: settled, ...extremesOf(settled) }
      this.extremes.set(snapshot.chainId, known)
    }
    const last = kept.at(-1)
    const jumps: Record<string, FigureJump> = {}
    // Each figure against its least and most in the window and the last snapshot's; nothing is made per figure (some 12,000 a
    // block) but a jump, nor per entry (forEach: no entry or iterator result).
    figures.forEach((fields, entry) => {
      const least = known.least.get(entry)
      const most = known.most.get(entry)
      const before = last?.figures.get(entry)
      for (const field in fields) {
        const to = fields[field]
        if (!watched(to)) continue
        let jump = stronger(undefined, least?.[field]?.value, to, least?.[field]?.earlier)
        jump = stronger(jump, most?.[field]?.value, to, most?.[field]?.earlier)
        jump = stronger(jump, before?.[field], to, last)
        if (jump)
          jumps[figureKey(entry, field)] = { from: jump.from, to, fromBlock: jump.earlier.blockNumber.toString(), fromTimestamp: jump.earlier.timestamp }
      }
    })
    const [before, latest] = [kept.at(-2), kept.at(-1)]
    if (before && latest && latest.timestamp - before.timestamp < KEEP_EVERY_SECONDS) kept.pop()
    kept.push({ blockNumber, timestamp, figures })
    this.seen.set(snapshot.chainId, kept)
    return Object.keys(jumps).length > 0 ? jumps : undefined
  }
}

/** A figure's move to `to` from `from` (at `earlier`) when it is a jump larger than `jump` (or as large and earlier, as a walk from the oldest would find), else `jump`. */
function stronger(jump: Jump | undefined, from: number | null | undefined, to: number, earlier: Seen | undefined): Jump | undefined {
  if (!watched(from) || earlier === undefined) return jump
  const ratio = Math.max(from, to) / Math.min(from, to)
  if (ratio > JUMP_FACTOR && (!jump || ratio > jump.ratio || (ratio === jump.ratio && earlier.timestamp < jump.earlier.timestamp)))
    return { ratio, from, earlier }
  return jump
}

interface Jump {
  ratio: number
  from: number
  earlier: Seen
}

/** Whether a figure is compared: a finite number above 0 (a rate from 0 or a first deposit has no ratio). */
function watched(value: number | null | undefined): value is number {
  return typeof value === 'number' && value > 0 && value < Number.POSITIVE_INFINITY
}

/** Per figure, its smallest and its largest compared value among `seen` (the earliest where several are equal). */
function extremesOf(seen: readonly Seen[]): Omit<Extremes, 'of'> {
  const least = new Map<string, Record<string, Extreme>>()
  const most = new Map<string, Record<string, Extreme>>()
  const of = (extremes: Map<string, Record<string, Extreme>>, entry: string) => entryOf(extremes, entry, (): Record<string, Extreme> => ({}))
  for (const earlier of seen)
    for (const [entry, fields] of earlier.figures) {
      const [leastOf, mostOf] = [of(least, entry), of(most, entry)]
      for (const field in fields) {
        const value = fields[field]
        if (!watched(value)) continue
        if (!(value >= (leastOf[field]?.value ?? Number.POSITIVE_INFINITY))) leastOf[field] = { value, earlier }
        if (!(value <= (mostOf[field]?.value ?? 0))) mostOf[field] = { value, earlier }
      }
    }
  return { least, most }
}
