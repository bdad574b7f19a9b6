import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { RedisSnapshotCache } from './RedisSnapshotCache.js'

const { REDIS_URL } = process.env
const CHAIN = 56

function snapshot(blockNumber: bigint, takenAt: number): ChainSnapshot {
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
      rewardPools: new Map(),
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
  const open = async () => {
    const redis = new Redis(REDIS_URL!)
    const subscriber = redis.duplicate()
    clients.push(redis, subscriber)
    return RedisSnapshotCache.open(redis, subscriber, prefix, [CHAIN], pino({ level: 'silent' }))
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
})
