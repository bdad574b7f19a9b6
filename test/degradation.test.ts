import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainClients, FactCache } from '../src/chain/index.js'
import { decodeSnapshot } from '../src/chain-snapshot/index.js'
import { loadConfig } from '../src/config/index.js'
import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { LocalRefreshLock, MemorySnapshotCache, RedisRefreshLock, RedisSnapshotCache, Refresher } from '../src/snapshot/index.js'
import { waitUntilReady } from '../src/connectRedis.js'
import { migrate, openSqlClient, SnapshotStore } from '../src/store/index.js'
import { capturedLog } from './capturedLog.js'
import { devnet, mine } from './devnet.js'
import { postgresSchema, tcpProxy } from './processes.js'

const { DATABASE_URL, REDIS_URL } = process.env
const CHAIN = 56
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const chains = () =>
  createChainClients(
    devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN),
    { timeoutMs: 5_000, retryCount: 0 },
  )
const registry = () => buildRegistry(devnetRegistry(devnet()))
const config = () => loadConfig({ HISTORY_BACKFILL_DAYS: '0' }).snapshot

if (!DATABASE_URL) it.skip('the PostgreSQL outage test needs DATABASE_URL; it is not set', () => {})
if (!REDIS_URL) it.skip('the Redis outage test needs REDIS_URL; it is not set', () => {})

describe.skipIf(!DATABASE_URL)('PostgreSQL goes away', () => {
  let database: { url: string; drop: () => Promise<void> }
  let proxy: Awaited<ReturnType<typeof tcpProxy>>
  beforeAll(async () => {
    database = await postgresSchema(DATABASE_URL!)
    proxy = await tcpProxy(Number(new URL(DATABASE_URL!).port || 5432))
  })
  afterAll(async () => {
    await proxy.close()
    await database.drop()
  })

  it('snapshots keep being served from memory, the failure is logged once, and the unsaved snapshot is written on return', async () => {
    const url = new URL(database.url)
    url.port = String(proxy.port)
    url.hostname = '127.0.0.1'
    const sql = await openSqlClient({ databaseUrl: url.toString(), dataDir: 'unused' })
    await migrate(sql)
    const store = new SnapshotStore(sql)
    const cache = new MemorySnapshotCache()
    const { log, lines } = capturedLog()
    const refresher = new Refresher({
      chains: chains(),
      registry: registry(),
      facts: new FactCache(),
      cache,
      store,
      lock: new LocalRefreshLock(),
      config: config(),
      log,
      // PostgreSQL without Redis: replicas follow the store, so every snapshot is saved.
      storeIsFollowed: true,
    })
    await refresher.refresh(CHAIN)

    proxy.cut({ refuse: true })
    await mine(CHAIN, 1)
    const during = await refresher.refresh(CHAIN)
    expect(during).toBeDefined()
    expect(cache.latest(CHAIN)).toBe(during)
    await mine(CHAIN, 1)
    await refresher.refresh(CHAIN)
    // Saves follow a snapshot, off its path.
    await refresher.settled()
    expect(lines.filter((line) => line.msg.includes('store failed')).length).toBe(1)

    proxy.restore()
    await mine(CHAIN, 1)
    const after = await refresher.refresh(CHAIN)
    await refresher.settled()
    const [saved] = await store.latestSnapshots()
    expect(saved!.state.blockNumber).toBe(after!.state.blockNumber)
    expect(lines.some((line) => line.msg.includes('store is back'))).toBe(true)
    await refresher.stop()
    await store.close()
  })
})

describe.skipIf(!REDIS_URL)('Redis goes away', () => {
  it('the cache and the lock fall back to this process, log once, and share again on return', async () => {
    const target = new URL(REDIS_URL!)
    const proxy = await tcpProxy(Number(target.port || 6379))
    const prefix = `test-${randomUUID()}:`
    const redis = new Redis({ host: '127.0.0.1', port: proxy.port, maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 100 })
    redis.on('error', () => undefined)
    await waitUntilReady(redis, 3_000)
    const direct = new Redis(REDIS_URL!)
    const { log, lines } = capturedLog()
    const cache = await RedisSnapshotCache.open(redis, redis.duplicate(), prefix, [CHAIN], log)
    const lock = new RedisRefreshLock(redis, prefix, 'me', 5_000, log)
    const refresher = new Refresher({ chains: chains(), registry: registry(), facts: new FactCache(), cache, lock, config: config(), log })
    try {
      await refresher.refresh(CHAIN)
      expect(await direct.get(`${prefix}snapshot:${CHAIN}`)).toBeTruthy()

      proxy.cut({ refuse: true })
      await sleep(300)
      await mine(CHAIN, 1)
      const local = await refresher.refresh(CHAIN)
      expect(cache.latest(CHAIN)).toBe(local)
      expect(await lock.acquire(CHAIN)).toBe(true)
      await mine(CHAIN, 1)
      await refresher.refresh(CHAIN)
      expect(lines.filter((line) => line.msg.startsWith('redis unavailable: snapshots stay')).length).toBe(1)

      proxy.restore()
      await waitUntilReady(redis, 5_000)
      await mine(CHAIN, 1)
      const shared = await refresher.refresh(CHAIN)
      const text = await direct.get(`${prefix}snapshot:${CHAIN}`)
      expect(decodeSnapshot(text!).state.blockNumber).toBe(shared!.state.blockNumber)
    } finally {
      await refresher.stop()
      await cache.close()
      redis.disconnect()
      const keys = await direct.keys(`${prefix}*`)
      if (keys.length > 0) await direct.del(...keys)
      direct.disconnect()
      await proxy.close()
    }
  })
})
