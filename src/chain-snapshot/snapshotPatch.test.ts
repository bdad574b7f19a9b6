import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { value } from '../../test/snapshotValues.js'
import type { ChainSnapshot } from './ChainSnapshot.js'
import { applySnapshotPatch, encodeSnapshotPatch } from './snapshotPatch.js'
import { decodeSnapshot, encodeSnapshot } from './snapshotText.js'

/** A PRNG from a seed (mulberry32): the mutations below are fast-check's to shrink through the seed. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const isRecord = (item: unknown): item is Record<string, unknown> =>
  typeof item === 'object' && item !== null && !Array.isArray(item) && !(item instanceof Map) && !(item instanceof Set)

/**
 * The next block's value as the refresher makes it: the same object kept, or a new one holding
 * some of the last one's entries as they were, some changed, some gone, some new (and now and then
 * a different order); `was` itself never changes.
 */
function mutated(was: unknown, random: () => number, fresh: () => unknown): unknown {
  const roll = random()
  if (roll < 0.35) return was
  if (roll < 0.45) return fresh()
  if (was instanceof Map) {
    const entries = [...was].filter(() => random() >= 0.15).map(([key, entry]) => [key, mutated(entry, random, fresh)] as const)
    if (random() < 0.3) entries.push([`new ${random()}`, fresh()])
    if (random() < 0.3) entries.push([`new ${random()}`, undefined])
    return new Map(random() < 0.1 ? entries.reverse() : entries)
  }
  if (isRecord(was)) {
    const out: Record<string, unknown> = {}
    const put = (key: string, entry: unknown) => Object.defineProperty(out, key, { value: entry, enumerable: true, writable: true, configurable: true })
    const keys = Object.keys(was)
    for (const key of random() < 0.1 ? keys.reverse() : keys) if (random() >= 0.15) put(key, mutated(was[key], random, fresh))
    if (random() < 0.3) put(`new ${random()}`, fresh())
    if (random() < 0.2) put(`undefined ${random()}`, undefined)
    return out
  }
  if (Array.isArray(was)) return random() < 0.5 ? [...was] : was.map((entry) => mutated(entry, random, fresh))
  return was
}

const snapshotOf = (given: unknown) => ({ chainId: 56, takenAt: 1, given }) as unknown as ChainSnapshot

describe('a snapshot patch', () => {
  it('turns the last snapshot, as a replica decoded it, into one that writes byte for byte as the next one does', () => {
    fc.assert(
      fc.property(value, fc.array(value, { minLength: 1, maxLength: 6 }), fc.integer(), (given, freshValues, seed) => {
        const random = randomFrom(seed)
        let next = 0
        const fresh = () => freshValues[next++ % freshValues.length]
        const base = snapshotOf(given)
        const following = { ...base, takenAt: 2, given: mutated(given, random, fresh) } as ChainSnapshot
        const held = decodeSnapshot(encodeSnapshot(base))
        const applied = applySnapshotPatch(held, encodeSnapshotPatch(base, following))
        expect(encodeSnapshot(applied)).toBe(encodeSnapshot(following))
        expect(applied).toStrictEqual(decodeSnapshot(encodeSnapshot(following)))
      }),
      { numRuns: 1_000 },
    )
  })

  it("holds only a followed block's changed entries, and leaves the replica's other entries the objects they were", () => {
    const pools = new Map(Array.from({ length: 1_000 }, (_, index) => [`0x${index}`, { staked: BigInt(index), rate: 7n }] as const))
    const base = { chainId: 56, takenAt: 1, state: { blockNumber: 100n, rewardPools: pools }, completedApr: {} } as unknown as ChainSnapshot
    const touched = new Map(pools)
    touched.set('0x7', { staked: 70n, rate: 7n })
    const next = { ...base, takenAt: 2, state: { blockNumber: 101n, rewardPools: touched } } as unknown as ChainSnapshot

    const patch = encodeSnapshotPatch(base, next)
    expect(patch.length).toBeLessThan(200)
    expect(encodeSnapshot(base).length).toBeGreaterThan(30_000)
    const held = decodeSnapshot(encodeSnapshot(base))
    const applied = applySnapshotPatch(held, patch)
    const heldPools = held.state.rewardPools as unknown as Map<string, unknown>
    const appliedPools = applied.state.rewardPools as unknown as Map<string, unknown>
    expect(appliedPools.get('0x8')).toBe(heldPools.get('0x8'))
    expect(appliedPools.get('0x7')).toStrictEqual({ staked: 70n, rate: 7n })
    expect(appliedPools).not.toBe(heldPools)
    expect(applied.completedApr).toBe(held.completedApr)
    expect(applied).toStrictEqual(next)
  })

  it('refuses a text that is not a patch', () => {
    expect(() => applySnapshotPatch(snapshotOf(1), encodeSnapshot(snapshotOf(2)))).toThrow(/unknown text format "tagged-json-1"/)
  })
})
