import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { decodeSnapshot, type ChainSnapshot } from '../chain-snapshot/index.js'
import { RedisSnapshotCache, type SnapshotArrival } from './RedisSnapshotCache.js'

const { REDIS_URL } = process.env
const CHAIN = 56

function snapshot(blockNumber: bigint, takenAt: number, pools = new Map<string, unknown>()): ChainSnapshot {
  return {
    chainId: CHAIN,
    takenAt,
    completedApr: {},
    state: {
      chainId: CHAIN,
      blockNumber,
      timestamp: 0,
      tokens: new Map(),
      feeds: new Map(),
      pairs: new Map(),
      vaultWant: new Map(),
      bridgeBalances: new Map(),
      rewardPools: pools as ChainSnapshot['state']['rewardPools'],
    },
  }
}

/** Waits until `check` holds (announcements arrive asynchronously). */
async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20))
  expect(check()).toBe(true)
}

if (!REDIS_URL) it.skip('the shared snapshot cache needs REDIS_URL; it is not set', () => {})

describe.skipIf(!REDIS_URL)('RedisSnapshotCache over a real Redis', () => {
  const prefix = `test-${randomUUID()}:`
  const clients: Redis[] = []
  /** A process's cache; `arrivals` counts how the snapshots it took from Redis came in. */
  const open = async (arrivals: Partial<Record<SnapshotArrival, number>> = {}) => {
    const redis = new Redis(REDIS_URL!)
    const subscriber = redis.duplicate()
    clients.push(redis, subscriber)
    return RedisSnapshotCache.open(redis, subscriber, prefix, [CHAIN], pino({ level: 'silent' }), (chainId, via) => {
      expect(chainId).toBe(CHAIN)
      arrivals[via] = (arrivals[via] ?? 0) + 1
    })
  }
  afterAll(async () => {
    const keys = await clients[0]!.keys(`${prefix}*`)
    if (keys.length > 0) await clients[0]!.del(...keys)
    for (const client of clients) client.disconnect()
  })

  it('shares new snapshots and confirmations between replicas, never going back to an older block', async () => {
    const [writer, reader] = [await open(), await open()]
    await writer.publish(snapshot(100n, 1_000))
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 100n)

    await writer.confirm(CHAIN, 100n, 5_000)
    await until(() => reader.latest(CHAIN)?.takenAt === 5_000)

    // An older block announced later does not replace the newer one.
    await writer.publish(snapshot(90n, 9_000))
    expect(writer.latest(CHAIN)?.state.blockNumber).toBe(100n)

    const late = await open()
    expect(late.latest(CHAIN)).toMatchObject({ takenAt: 5_000, state: { blockNumber: 100n } })
  })

  it('sends a followed block as the patch of the last one, which a replica applies to the snapshot it holds', async () => {
    const [writer, reader] = [await open(), await open()]
    const pools = new Map(Array.from({ length: 500 }, (_, index) => [`0x${index}`, { staked: BigInt(index) }]))
    await writer.publish(snapshot(200n, 10_000, pools))
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 200n)
    const kept = reader.latest(CHAIN)!.state.rewardPools.get('0x1' as never)

    const redis = clients[0]!
    const wholeText = await redis.get(`${prefix}snapshot:${CHAIN}`)
    let current = pools
    for (let block = 201n; block <= 203n; block++) {
      current = new Map(current).set('0x7', { staked: block })
      await writer.publish(snapshot(block, 10_000 + Number(block), current))
    }
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 203n)
    const held = reader.latest(CHAIN)!
    expect(held).toStrictEqual(snapshot(203n, 10_203, current))
    // Patched, not read whole again: the untouched entry is the object the reader decoded at block 200.
    expect(held.state.rewardPools.get('0x1' as never)).toBe(kept)
    expect(await redis.get(`${prefix}snapshot:${CHAIN}`)).toBe(wholeText)
    const patches = await redis.lrange(`${prefix}snapshotPatches:${CHAIN}`, 0, -1)
    expect(patches).toHaveLength(3)
    // The block, the time and one pool's entry, with the new Maps the test's snapshot makes: a few hundred bytes against the whole's 15 kB.
    expect(Math.max(...patches.map((patch) => patch.length))).toBeLessThan(wholeText!.length / 20)

    // A replica that starts now reads the whole snapshot and the three patches after it.
    expect((await open()).latest(CHAIN)).toStrictEqual(held)
  })

  it('catches up on the patches it missed while cut off, and writes the whole snapshot again every 64 patches', async () => {
    const [writer, reader] = [await open(), await open()]
    let pools = new Map([['0xa', { staked: 0n }]])
    await writer.publish(snapshot(300n, 20_000, pools))
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 300n)

    const subscriber = clients.at(-1)!
    await new Promise((resolve) => {
      subscriber.once('end', resolve)
      subscriber.disconnect()
    })
    for (let block = 301n; block <= 370n; block++) {
      pools = new Map(pools).set('0xa', { staked: block })
      await writer.publish(snapshot(block, 20_000 + Number(block), pools))
    }
    expect(reader.latest(CHAIN)?.state.blockNumber).toBe(300n)
    await subscriber.connect()
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 370n)
    expect(reader.latest(CHAIN)).toStrictEqual(snapshot(370n, 20_370, pools))

    // From the 64th patch (block 364) on, the whole snapshot was written again soon after, and the list cut to the patches after it.
    const redis = clients[0]!
    const whole = async () => decodeSnapshot((await redis.get(`${prefix}snapshot:${CHAIN}`))!).state.blockNumber
    for (let tries = 0; tries < 100 && (await whole()) === 300n; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await whole()).toBeGreaterThanOrEqual(364n)
    expect(BigInt((await redis.lrange(`${prefix}snapshotPatches:${CHAIN}`, 0, -1)).length)).toBe(370n - (await whole()))
    expect((await open()).latest(CHAIN)).toStrictEqual(snapshot(370n, 20_370, pools))
  })

  it('follows one publisher from version to version when another, which lost the lock, still published a patch', async () => {
    const [first, second] = [await open(), await open()]
    await first.publish(snapshot(400n, 30_000))
    await second.publish(snapshot(401n, 30_001))
    await first.publish(snapshot(402n, 30_002))
    await second.publish(snapshot(403n, 30_003))
    // The whole snapshot is the second's at 401; after it, the first's patch (not of 401) and the second's.
    expect((await open()).latest(CHAIN)).toStrictEqual(snapshot(403n, 30_003))
  })

  it('counts how each snapshot came in: the whole one, a heard patch, the patch list after missed announcements', async () => {
    const arrivals: Partial<Record<SnapshotArrival, number>> = {}
    const [writer, reader] = [await open(), await open(arrivals)]
    // What the tests before left in Redis, read at the open: counted from here on.
    for (const via of Object.keys(arrivals) as SnapshotArrival[]) delete arrivals[via]
    let pools = new Map([['0xb', { staked: 0n }]])
    await writer.publish(snapshot(500n, 40_000, pools))
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 500n)
    pools = new Map(pools).set('0xb', { staked: 501n })
    await writer.publish(snapshot(501n, 40_501, pools))
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 501n)
    expect(arrivals).toEqual({ whole: 1, patch: 1 })

    // Cut off for two blocks: back, it reads the two patches from the list, not the whole snapshot.
    const subscriber = clients.at(-1)!
    await new Promise((resolve) => {
      subscriber.once('end', resolve)
      subscriber.disconnect()
    })
    for (let block = 502n; block <= 503n; block++) {
      pools = new Map(pools).set('0xb', { staked: block })
      await writer.publish(snapshot(block, 40_000 + Number(block), pools))
    }
    await subscriber.connect()
    await until(() => reader.latest(CHAIN)?.state.blockNumber === 503n)
    expect(reader.latest(CHAIN)).toStrictEqual(snapshot(503n, 40_503, pools))
    expect(arrivals).toEqual({ whole: 1, patch: 1, patches: 1 })

    // A replica that starts now reads it whole.
    const late: Partial<Record<SnapshotArrival, number>> = {}
    await open(late)
    expect(late).toEqual({ whole: 1 })
  })
})
