import { describe, expect, it } from 'vitest'
import type { Counted } from './LeasedRateLimitStore.js'
import { LocalRateLimitStore } from './LocalRateLimitStore.js'

/** One request counted by `store`, as @fastify/rate-limit reads it (admitted while current ≤ max). */
function count(store: LocalRateLimitStore, key: string, max: number, windowMs: number): Counted {
  let counted: Counted | undefined
  store.incr(key, (_error, answer) => (counted = answer), windowMs, max)
  return counted!
}

describe('LocalRateLimitStore', () => {
  it('admits `max` per window from memory or through the hook alike, refuses the rest uncounted, and starts again when the window ends', async () => {
    const store = new LocalRateLimitStore()
    expect(count(store, 'a', 3, 100)).toMatchObject({ current: 1 })
    expect(store.admitNow('a', 100, 3)).toMatchObject({ current: 2 })
    expect(count(store, 'a', 3, 100)).toMatchObject({ current: 3 })
    expect(store.admitNow('a', 100, 3)).toBeUndefined()
    const refused = count(store, 'a', 3, 100)
    expect(refused.current).toBe(4)
    expect(refused.ttl).toBeGreaterThan(0)
    expect(refused.ttl).toBeLessThanOrEqual(100)
    // A refusal moves nothing: the count stays at the limit, and another client counts apart.
    expect(count(store, 'a', 3, 100).current).toBe(4)
    expect(store.admitNow('b', 100, 3)).toMatchObject({ current: 1 })
    await new Promise((resolve) => setTimeout(resolve, 110))
    expect(store.admitNow('a', 100, 3)).toMatchObject({ current: 1 })
  })

  it('keeps at most `maxClients`, dropping a tenth at once when full, ended windows first', async () => {
    const store = new LocalRateLimitStore(100)
    for (let client = 0; client < 50; client++) count(store, `ended-${client}`, 5, 10)
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (let client = 0; client < 50; client++) count(store, `live-${client}`, 5, 60_000)
    // Full: the next newcomer sweeps the 50 ended windows alone, and every live one keeps its count.
    count(store, 'newcomer', 5, 60_000)
    for (let client = 0; client < 50; client++) expect(count(store, `live-${client}`, 5, 60_000).current).toBe(2)
    for (let client = 0; client < 100; client++) count(store, `more-${client}`, 5, 60_000)
    // Past the bound with only live windows, the oldest go: the first live client is counted from one again.
    expect(count(store, 'live-0', 5, 60_000).current).toBe(1)
  })
})
