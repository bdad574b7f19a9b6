import fc from 'fast-check'
import superjson from 'superjson'
import { describe, expect, it } from 'vitest'
import { value } from '../../test/snapshotValues.js'
import type { ChainSnapshot } from './ChainSnapshot.js'
import { decodeSnapshot, encodeSnapshot } from './snapshotText.js'

describe('a snapshot as text', () => {
  it('gives back every value it was given: bigints, Maps, Sets, undefined in arrays and Maps, NaN, ±Infinity and -0, strings that start with its tag', () => {
    fc.assert(
      fc.property(value, (given) => {
        expect(decodeSnapshot(encodeSnapshot({ given } as unknown as ChainSnapshot))).toStrictEqual({ given })
      }),
      { numRuns: 500 },
    )
  })

  it('writes a snapshot that shares entries with one written before (a followed block) as it writes them anew', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 6 }), fc.array(value, { maxLength: 3 }), (kept, fresh) => {
        const entries = new Map(kept.map((entry, index) => [`0x${index}`, entry]))
        const first = { entries, list: [...kept] } as unknown as ChainSnapshot
        encodeSnapshot(first)
        // The next block's snapshot: new Maps and arrays holding the last one's objects, some entries new.
        const next = {
          entries: new Map([...entries, ...fresh.map((entry, index) => [`0xf${index}`, entry] as const)]),
          list: [...kept, ...fresh],
          again: kept[0],
        }
        const text = encodeSnapshot(next as unknown as ChainSnapshot)
        expect(text).toBe(encodeSnapshot(structuredClone(next) as unknown as ChainSnapshot))
        expect(decodeSnapshot(text)).toStrictEqual(next)
      }),
      { numRuns: 300 },
    )
  })

  it('leaves out an undefined property, as JSON does, and keeps every other', () => {
    const given = { chainId: 56, blockTime: undefined, completedApr: {} } as unknown as ChainSnapshot
    expect(decodeSnapshot(encodeSnapshot(given))).toStrictEqual({ chainId: 56, completedApr: {} })
  })

  it('reads a snapshot the store kept as superjson text before this form', () => {
    const given = {
      chainId: 56,
      takenAt: 1,
      state: {
        blockNumber: 12n,
        vaultWant: new Map([
          ['0xa', 3n],
          ['0xb', undefined],
        ]),
      },
      completedApr: {},
    }
    expect(decodeSnapshot(superjson.stringify(given))).toStrictEqual(given)
  })

  it('refuses a text form it does not know, rather than reading it as superjson', () => {
    expect(() => decodeSnapshot(JSON.stringify({ format: 'tagged-json-9', snapshot: {} }))).toThrow(/unknown text format "tagged-json-9"/)
  })
})
