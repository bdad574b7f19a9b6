import type { Address } from 'viem'
import type { ApyBase, PairPoint } from '../chain-snapshot/index.js'
import { entryOf } from '../keyed/index.js'

type Point = ApyBase['vaults'][Address]

/** A window's base as decided for a block: each vault's and pair's point (in their order), and the note of each one without. */
export interface DecidedBase {
  vaults: readonly Address[]
  vaultPoints: readonly (Point | undefined)[]
  pairs: readonly Address[]
  pairPoints: readonly (PairPoint | undefined)[]
  /** Why a vault or a pair has no point. */
  noteOf(address: Address, kind: 'vault' | 'pair'): string
}

/**
 * The last snapshot's base when `decided` holds its very points and notes and nothing else, else
 * a base made of `decided`: compared where it stands, so a block whose bases did not move (most of
 * them) makes no object per vault. The same object is what keeps its text (snapshotText), where a
 * base rebuilt at each block would be written anew, thousands of entries a block.
 */
export function keptOrDecided(kept: ApyBase | undefined, decided: DecidedBase): ApyBase {
  return kept && holds(kept, decided) ? kept : baseOf(decided)
}

function holds(kept: ApyBase, decided: DecidedBase): boolean {
  let notes = 0
  const same = <P>(addresses: readonly Address[], points: readonly (P | undefined)[], keptPoints: Record<Address, P> | undefined, kind: 'vault' | 'pair') => {
    for (let index = 0; index < addresses.length; index++) {
      const address = addresses[index]!
      const point = points[index]
      if (keptPoints?.[address] !== point) return false
      if (point === undefined) {
        if (kept.notes[address] !== decided.noteOf(address, kind)) return false
        notes++
      }
    }
    return true
  }
  if (!same(decided.vaults, decided.vaultPoints, kept.vaults, 'vault') || !same(decided.pairs, decided.pairPoints, kept.pairs, 'pair')) return false
  const counts = countsOf(kept)
  return counts.notes === notes && counts.vaults === defined(decided.vaultPoints) && counts.pairs === defined(decided.pairPoints)
}

function baseOf(decided: DecidedBase): ApyBase {
  const base: ApyBase = { vaults: {}, pairs: {}, notes: {} }
  decided.vaults.forEach((vault, index) => {
    const point = decided.vaultPoints[index]
    if (point) base.vaults[vault] = point
  })
  decided.pairs.forEach((pair, index) => {
    const point = decided.pairPoints[index]
    if (point) base.pairs![pair] = point
  })
  // Vaults' notes first, then pairs', as their lookups give them.
  decided.vaults.forEach((vault, index) => {
    if (!decided.vaultPoints[index]) base.notes[vault] = decided.noteOf(vault, 'vault')
  })
  decided.pairs.forEach((pair, index) => {
    if (!decided.pairPoints[index]) base.notes[pair] = decided.noteOf(pair, 'pair')
  })
  return base
}

/** How many keys `record` has, none when it is absent. */
const keysIn = (record: object | undefined) => Object.keys(record ?? {}).length

const defined = (points: readonly unknown[]) => points.reduce<number>((count, point) => (point ? count + 1 : count), 0)

/** How many points and notes a kept base holds: counted once per base (a snapshot's base is never changed). */
const counted = new WeakMap<ApyBase, { vaults: number; pairs: number; notes: number }>()

function countsOf(base: ApyBase): { vaults: number; pairs: number; notes: number } {
  return entryOf(counted, base, () => ({ vaults: keysIn(base.vaults), pairs: keysIn(base.pairs), notes: keysIn(base.notes) }))
}

/** The notes of a window's vaults and pairs whose points are being looked for: one string each, the same at every block, which keptOrDecided compares by reference. */
export function lookingFor(window: string): readonly [string, string] {
  return entryOf(lookingForNotes, window, () => [
    `${window}: the price per share ${window} back is being looked for`,
    `${window}: the pair's reserves ${window} back are being looked for`,
  ])
}

const lookingForNotes = new Map<string, readonly [string, string]>()
