import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChainSnapshot, FigureJump } from '../chain-snapshot/index.js'
import { figureKey } from '../pricing/index.js'
import { buildRegistry } from '../registry/index.js'
import { JUMP_FACTOR, JUMP_WINDOW_SECONDS, JumpWatch } from './JumpWatch.js'

/** Kept snapshots are at least this far apart, the latest excepted (JumpWatch's KEEP_EVERY_SECONDS). */
const KEEP_EVERY_SECONDS = 300

/**
 * The jump watch compares a new block's figures with each figure's extremes over the window
 * instead of with every kept snapshot: the same jumps, from the same snapshots, as the plain walk
 * over them all, on random figures at random times.
 */
describe("the jump watch's window", () => {
  it('finds the jumps a walk over every kept snapshot finds', () => {
    const figure = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 1e6, noNaN: true }), fc.constantFrom(1, 5, 6, 30))
    // Figures of two entries, two fields each: a jump is named by its entry and field (figureKey).
    const entry = fc.dictionary(fc.constantFrom('tvl', 'apy'), figure)
    const step = fc.record({ seconds: fc.nat(4_000), figures: fc.dictionary(fc.constantFrom('0xa', '0xb'), entry) })
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const watch = new JumpWatch({ registry: buildRegistry({ chains: {}, bridges: [] }), figurePolicy: undefined, figuresOf: () => new Map() })
        const walk = walkingWatch()
        let timestamp = 1_700_000_000
        steps.forEach(({ seconds, figures }, index) => {
          timestamp += seconds
          const snapshot = { chainId: 1, state: { blockNumber: BigInt(index + 1), timestamp } } as ChainSnapshot
          const byKey = Object.fromEntries(
            Object.entries(figures).flatMap(([address, fields]) => Object.entries(fields).map(([field, value]) => [figureKey(address, field), value])),
          )
          expect(watch.observe(snapshot, new Map(Object.entries(figures)))).toEqual(walk(BigInt(index + 1), timestamp, byKey))
        })
      }),
      { numRuns: 300 },
    )
  })
})

/** The watch as a walk over every kept snapshot, oldest first (what JumpWatch did before). */
function walkingWatch() {
  let seen: { blockNumber: bigint; timestamp: number; figures: Record<string, number> }[] = []
  return (blockNumber: bigint, timestamp: number, figures: Record<string, number>): Record<string, FigureJump> | undefined => {
    const kept = seen.filter((earlier) => earlier.blockNumber < blockNumber && timestamp - earlier.timestamp < JUMP_WINDOW_SECONDS)
    const jumps: Record<string, FigureJump> = {}
    const largest = new Map<string, number>()
    for (const earlier of kept)
      for (const [key, to] of Object.entries(figures)) {
        const from = earlier.figures[key]
        if (from === undefined || !(from > 0) || !(to > 0)) continue
        const ratio = Math.max(from, to) / Math.min(from, to)
        if (ratio > JUMP_FACTOR && ratio > (largest.get(key) ?? 0)) {
          largest.set(key, ratio)
          jumps[key] = { from, to, fromBlock: earlier.blockNumber.toString(), fromTimestamp: earlier.timestamp }
        }
      }
    const [before, last] = [kept.at(-2), kept.at(-1)]
    if (before && last && last.timestamp - before.timestamp < KEEP_EVERY_SECONDS) kept.pop()
    kept.push({ blockNumber, timestamp, figures })
    seen = kept
    return Object.keys(jumps).length > 0 ? jumps : undefined
  }
}
