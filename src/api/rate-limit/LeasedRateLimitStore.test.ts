import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import fc from 'fast-check'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { LeasedRateLimitStore } from './LeasedRateLimitStore.js'

const { REDIS_URL } = process.env
const WINDOW_MS = 60_000

/** One request counted by `store`: what @fastify/rate-limit would read (admitted while current ≤ max). */
function count(store: LeasedRateLimitStore, key: string, max: number, windowMs = WINDOW_MS): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, counted) => (error || !counted ? reject(error ?? new Error('no count')) : resolve(counted)), windowMs, max),
  )
}

if (!REDIS_URL) it.skip('the shared rate limit needs REDIS_URL; it is not set', () => {})

describe.skipIf(!REDIS_URL)('LeasedRateLimitStore over a real Redis', () => {
  const prefix = `test-${randomUUID()}:rate-limit:`
  const clients: Redis[] = []
  /** Questions each store asked Redis. */
  const asked = new Map<LeasedRateLimitStore, number>()
  /** A replica's store: its own Redis connection, the shared prefix. */
  const replica = (maxClients?: number) => {
    const redis = new Redis(REDIS_URL!)
    clients.push(redis)
    const store: LeasedRateLimitStore = new LeasedRateLimitStore(redis, prefix, {
      onLease: () => asked.set(store, (asked.get(store) ?? 0) + 1),
      ...(maxClients !== undefined && { maxClients }),
    })
    return store
  }
  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}*`)
    if (keys.length > 0) await clients[0]!.del(...keys)
    for (const client of clients) client.disconnect()
  })

  it('counts every request of a client exactly while asking Redis once per lease', async () => {
    const store = replica()
    const counted = []
    for (let request = 0; request < 1_000; request++) counted.push(await count(store, 'one-replica', 1_000_000))
    expect(counted.map(({ current }) => current)).toEqual(Array.from({ length: 1_000 }, (_, index) => index + 1))
    expect(asked.get(store)).toBe(1)
    for (const { ttl } of counted) expect(ttl).toBeGreaterThan(WINDOW_MS - 5_000)
    for (const { ttl } of counted) expect(ttl).toBeLessThanOrEqual(WINDOW_MS)
  })

  it('admits exactly max between replicas that a burst reaches at once, and refuses the rest', async () => {
    const stores = [replica(), replica(), replica()]
    const max = 100
    const all = await Promise.all(Array.from({ length: 600 }, (_, index) => count(stores[index % 3]!, 'burst', max)))
    expect(all.filter(({ current }) => current <= max)).toHaveLength(max)
    // Leases are shared out, not one request each: a burst of 600 costs a handful of round trips.
    expect(stores.reduce((sum, store) => sum + (asked.get(store) ?? 0), 0)).toBeLessThan(20)
  })

  it('never admits more than max, and exactly max once every replica is asked until it refuses', async () => {
    const schedule = fc.record({
      max: fc.integer({ min: 1, max: 60 }),
      /** Which replica each request reaches, and how many arrive together. */
      steps: fc.array(fc.record({ replica: fc.integer({ min: 0, max: 2 }), together: fc.integer({ min: 1, max: 8 }) }), { maxLength: 40 }),
    })
    const stores = [replica(), replica(), replica()]
    await fc.assert(
      fc.asyncProperty(schedule, async ({ max, steps }) => {
        const key = randomUUID()
        let admitted = 0
        for (const { replica, together } of steps) {
          const answers = await Promise.all(Array.from({ length: together }, () => count(stores[replica]!, key, max)))
          admitted += answers.filter(({ current }) => current <= max).length
        }
        expect(admitted).toBeLessThanOrEqual(max)
        for (const store of stores) {
          while ((await count(store, key, max)).current <= max) admitted++
        }
        expect(admitted).toBe(max)
      }),
      { numRuns: 60 },
    )
  })

  it('keeps a refusal without asking Redis until the window ends, then counts from one again', async () => {
    const store = replica()
    const windowMs = 400
    const answers: { current: number; ttl: number }[] = []
    for (let request = 0; request < 4; request++) answers.push(await count(store, 'window', 3, windowMs))
    expect(answers.map(({ current }) => current)).toEqual([1, 2, 3, 4])
    expect(answers[3]!.ttl).toBeGreaterThan(0)
    expect(answers[3]!.ttl).toBeLessThanOrEqual(windowMs)
    const questions = asked.get(store)
    expect((await count(store, 'window', 3, windowMs)).current).toBeGreaterThan(3)
    expect(asked.get(store)).toBe(questions)
    await new Promise((resolve) => setTimeout(resolve, answers[3]!.ttl + 50))
    expect((await count(store, 'window', 3, windowMs)).current).toBe(1)
  })

  it('gives a count found without a window one, instead of refusing its client for good', async () => {
    const store = replica()
    await clients[0]!.set(`${prefix}no-window`, '5')
    const refused = await count(store, 'no-window', 5, 300)
    expect(refused.current).toBeGreaterThan(5)
    expect(refused.ttl).toBeGreaterThan(0)
    expect(refused.ttl).toBeLessThanOrEqual(300)
    await new Promise((resolve) => setTimeout(resolve, refused.ttl + 50))
    expect((await count(store, 'no-window', 5, 300)).current).toBe(1)
  })

  it('keeps at most maxClients in memory: a client dropped to make room asks Redis again and is never counted less', async () => {
    const store = replica(50)
    const client = (index: number) => `many-${index}`
    for (let index = 0; index < 200; index++) expect((await count(store, client(index), 1_000)).current).toBe(1)
    expect(asked.get(store)).toBe(200)
    // The newest client still holds its lease; the first was dropped with the tokens it had left.
    expect((await count(store, client(199), 1_000)).current).toBe(2)
    expect(asked.get(store)).toBe(200)
    const again = await count(store, client(0), 1_000)
    expect(asked.get(store)).toBe(201)
    expect(again.current).toBeGreaterThan(2)
  })

  it('answers an error when Redis cannot be reached, for the limiter to let the request through', async () => {
    // A port that accepts nothing: the client fails at once instead of queueing the command.
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const redis = new Redis({ port, host: '127.0.0.1', enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true })
    redis.on('error', () => {})
    const outcomes: string[] = []
    const store = new LeasedRateLimitStore(redis, prefix, { onLease: (outcome) => outcomes.push(outcome) })
    await expect(count(store, 'away', 10)).rejects.toThrow()
    expect(outcomes).toEqual(['failed'])
    redis.disconnect()
  })
})
