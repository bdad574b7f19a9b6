import fc from 'fast-check'
import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ApyBase } from '../chain-snapshot/index.js'
import { keptOrDecided, type DecidedBase } from './decidedBase.js'
import { sameApyBase } from './sameApyBase.js'

const VAULTS = ['0x01', '0x02', '0x03', '0x04'] as Address[]
const PAIRS = ['0x0a', '0x0b'] as Address[]
/** A few points and notes, shared by reference between what was kept and what is decided, as the keeper shares them. */
const POINTS = [1, 2].map((at) => ({ blockNumber: BigInt(at), timestamp: at, pricePerShare: 10n ** 18n, source: 'node' as const }))
const PAIR_POINTS = [1, 2].map((at) => ({ blockNumber: BigInt(at), timestamp: at, reserve0: 1n, reserve1: 1n, totalSupply: 1n }))
const NOTES = ['7d: being looked for', '7d: younger than the window']

/** The base a decision makes, as the keeper made it before: every vault and pair written into a new object. */
function written(decided: DecidedBase): ApyBase {
  const base: ApyBase = { vaults: {}, pairs: {}, notes: {} }
  const { vaults, vaultPoints, pairs, pairPoints } = decided
  for (const [index, vault] of vaults.entries()) if (vaultPoints[index]) base.vaults[vault] = vaultPoints[index]
  for (const [index, pair] of pairs.entries()) if (pairPoints[index]) base.pairs![pair] = pairPoints[index]
  for (const [index, vault] of vaults.entries()) if (!vaultPoints[index]) base.notes[vault] = decided.noteOf(vault, 'vault')
  for (const [index, pair] of pairs.entries()) if (!pairPoints[index]) base.notes[pair] = decided.noteOf(pair, 'pair')
  return base
}

const decision = fc
  .record({
    vaultPoints: fc.array(fc.option(fc.constantFrom(...POINTS), { nil: undefined }), { minLength: VAULTS.length, maxLength: VAULTS.length }),
    pairPoints: fc.array(fc.option(fc.constantFrom(...PAIR_POINTS), { nil: undefined }), { minLength: PAIRS.length, maxLength: PAIRS.length }),
    notes: fc.array(fc.constantFrom(...NOTES), { minLength: VAULTS.length + PAIRS.length, maxLength: VAULTS.length + PAIRS.length }),
  })
  .map(
    ({ vaultPoints, pairPoints, notes }): DecidedBase => ({
      vaults: VAULTS,
      vaultPoints,
      pairs: PAIRS,
      pairPoints,
      noteOf: (address) => notes[[...VAULTS, ...PAIRS].indexOf(address)]!,
    }),
  )

describe('a window base kept or made anew', () => {
  it('is the kept base exactly when a base written anew would hold the same, else that base, its keys in the same order', () => {
    fc.assert(
      fc.property(decision, fc.option(decision, { nil: undefined }), fc.constantFrom('none', 'point', 'note'), (before, other, extra) => {
        // Often the same decision as before: most blocks' bases do not move.
        const now = other ?? before
        const kept = written(before)
        // A kept base may hold a vault the registry no longer has.
        if (extra === 'point') kept.vaults['0x09' as Address] = POINTS[0]!
        if (extra === 'note') kept.notes['0x09' as Address] = NOTES[0]!
        const expected = sameApyBase(kept, written(now)) ? kept : written(now)
        const got = keptOrDecided(kept, now)
        expect(got === kept).toBe(expected === kept)
        expect(got).toEqual(expected)
        expect(Object.keys(got.notes)).toEqual(Object.keys(expected.notes))
      }),
      { numRuns: 500 },
    )
  })
})
