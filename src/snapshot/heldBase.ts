import type { ApyBase } from '../chain-snapshot/index.js'
import { entryOf } from '../keyed/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { Wanted } from './windowPoints.js'

/**
 * A window's base as a snapshot decided it, with what it was decided from: while a later block
 * brings the same inputs (the same kept base, the same lookup's finds, the same registry) and its
 * timestamp leaves every point on the same side of its window's tolerance, the decision is the
 * same, and the next block takes it without a pass over every vault (a few ms a block with a
 * thousand vaults, for a base that moves a few times a day).
 */
export interface HeldBase {
  base: ApyBase
  found: ApyBase | undefined
  wanted: Wanted
  /** The vaults and pairs without a point: their lookups are still wanted at every block, and the store must still hold none for them. */
  lacking: Wanted
  /** The head timestamps (seconds) at which every point is as near its window's start as at the decision. */
  span: TimeSpan
}

/** What a window's base is decided from besides the store: the last snapshot's base, the lookup's finds, the registry's vaults and pairs (wantedOf). */
export interface BaseInputs {
  kept: ApyBase | undefined
  found: ApyBase | undefined
  wanted: Wanted
}

/** `held` when a block at `timestamp` with `inputs` decides it again, as far as these tell (the store's part is the caller's); else undefined. */
export function heldFor(held: HeldBase | undefined, { kept, found, wanted }: BaseInputs, timestamp: number): HeldBase | undefined {
  const same = kept !== undefined && held?.base === kept && held.found === found && held.wanted === wanted
  return same && within(held.span, timestamp) ? held : undefined
}

/** `base`, decided at `timestamp` from `inputs`: held while no point the next block might take (kept, found, or the store's now in the base) crosses its window's tolerance. */
export function heldBaseOf(base: ApyBase, inputs: BaseInputs, lacking: Wanted, window: { timestamp: number; seconds: number; tolerance: number }): HeldBase {
  const { kept, found, wanted } = inputs
  const candidates = [kept?.vaults, found?.vaults, base.vaults, kept?.pairs, found?.pairs, base.pairs].flatMap((points) => Object.values(points ?? {}))
  return { base, found, wanted, lacking, span: nearnessSpan(window.timestamp, window.seconds, window.tolerance, candidates) }
}

/** A registry's vaults and the LP pairs they take (their trading fees are measured over the same windows): the same arrays for the same registry, which heldFor compares. */
export function wantedOf(registry: ChainRegistry): Wanted {
  return entryOf(wantedOfRegistry, registry, () => {
    const pairs = [...new Set([...registry.vaults.values()].map((vault) => vault.want))].filter((want) => registry.lpPairs.has(want))
    return { vaults: [...registry.vaults.keys()], pairs }
  })
}

const wantedOfRegistry = new WeakMap<ChainRegistry, Wanted>()

/** Timestamps from `from` to `to`, each bound in or out. */
export interface TimeSpan {
  from: number
  fromOpen: boolean
  to: number
  toOpen: boolean
}

/** Whether `timestamp` lies in `span`. */
export function within(span: TimeSpan, timestamp: number): boolean {
  const after = span.fromOpen ? timestamp > span.from : timestamp >= span.from
  const before = span.toOpen ? timestamp < span.to : timestamp <= span.to
  return after && before
}

/**
 * The head timestamps at which each point of `points` is on the same side of its window as at
 * `timestamp`: a point is near at a head T when |point − (T − seconds)| ≤ tolerance, that is for
 * T from point + seconds − tolerance to point + seconds + tolerance.
 */
export function nearnessSpan(timestamp: number, seconds: number, tolerance: number, points: Iterable<{ timestamp: number } | undefined>): TimeSpan {
  const span: TimeSpan = { from: Number.NEGATIVE_INFINITY, fromOpen: false, to: Number.POSITIVE_INFINITY, toOpen: false }
  const narrow = (bound: number, open: boolean, side: 'from' | 'to') => {
    const tighter = side === 'from' ? bound > span.from || (bound === span.from && open) : bound < span.to || (bound === span.to && open)
    if (!tighter) return
    span[side] = bound
    span[side === 'from' ? 'fromOpen' : 'toOpen'] = open
  }
  for (const point of points) {
    if (!point) continue
    const [nearFrom, nearTo] = [point.timestamp + seconds - tolerance, point.timestamp + seconds + tolerance]
    if (timestamp < nearFrom) narrow(nearFrom, true, 'to')
    else if (timestamp > nearTo) narrow(nearTo, true, 'from')
    else {
      narrow(nearFrom, false, 'from')
      narrow(nearTo, false, 'to')
    }
  }
  return span
}
