import { describe, expect, it } from 'vitest'
import type { ApyBase } from '../chain-snapshot/index.js'
import { sameApyBase } from './sameApyBase.js'

describe('sameApyBase', () => {
  const point = { blockNumber: 10n, timestamp: 1_000, pricePerShare: 10n ** 18n, source: 'node' as const }
  const base = (notes: Record<string, string>, vaults: ApyBase['vaults'] = { '0xa': point }): ApyBase => ({ vaults, pairs: {}, notes })

  it('is the same base when the points are the very ones and the notes say the same, notes included', () => {
    expect(sameApyBase(base({}), base({}))).toBe(true)
    // A vault younger than the window keeps its note block after block: the base is unchanged.
    expect(sameApyBase(base({ '0xb': '7d: younger' }), base({ '0xb': '7d: younger' }))).toBe(true)
  })

  it('is another base when a note, a point or an entry differs', () => {
    expect(sameApyBase(base({ '0xb': '7d: younger' }), base({ '0xb': '7d: being looked for' }))).toBe(false)
    expect(sameApyBase(base({ '0xb': '7d: younger' }), base({}))).toBe(false)
    expect(sameApyBase(base({}), base({}, { '0xa': { ...point } }))).toBe(false)
    expect(sameApyBase(base({}), base({}, {}))).toBe(false)
  })
})
