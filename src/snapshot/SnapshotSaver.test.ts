import pg from 'pg'
import { pino } from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { devnet, mine } from '../../test/devnet.js'
import { postgresSchema } from '../../test/processes.js'
import { createChainClients, FactCache, stopChainClients } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry } from '../registry/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../store/index.js'
import { LocalRefreshLock } from './RefreshLock.js'
import { Refresher } from './Refresher.js'
import { MemorySnapshotCache } from './SnapshotCache.js'

const { DATABASE_URL } = process.env

if (!DATABASE_URL) it.skip('a store that hangs needs DATABASE_URL; it is not set', () => {})

describe.skipIf(!DATABASE_URL)('a snapshot is served before it is saved', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('serves each new block while the store hangs on the last save, and saves the latest once it answers', async () => {
    const schema = await postgresSchema(DATABASE_URL!)
    cleanups.push(schema.drop)
    const sql = await openSqlClient({ databaseUrl: schema.url, dataDir: 'unused' })
    cleanups.push(() => sql.close())
    await migrate(sql)
    const store = new SnapshotStore(sql)
    const chains = createChainClients(
      devnetChains(devnet()).filter((chain) => chain.chainId === 56),
      { timeoutMs: 5_000, retryCount: 0 },
    )
    cleanups.push(async () => stopChainClients(chains))
    const cache = new MemorySnapshotCache()
    const refresher = new Refresher({
      chains,
      registry: buildRegistry(devnetRegistry(devnet())),
      facts: new FactCache(),
      cache,
      store,
      lock: new LocalRefreshLock(),
      config: loadConfig({ HISTORY_BACKFILL_DAYS: '0' }).snapshot,
      log: pino({ level: 'silent' }),
      // Every snapshot is saved, as when api replicas follow the store.
      storeIsFollowed: true,
    })
    cleanups.push(() => refresher.stop())

    // Another session holds the snapshots' table: every save waits for it.
    const holder = new pg.Client({ connectionString: schema.url })
    await holder.connect()
    cleanups.push(() => holder.end())
    await holder.query('begin')
    await holder.query('lock table chain_snapshots in access exclusive mode')

    const blocks: bigint[] = []
    for (let index = 0; index < 3; index++) {
      const snapshot = await refresher.refresh(56)
      blocks.push(snapshot!.state.blockNumber)
      expect(cache.latest(56)?.state.blockNumber).toBe(blocks.at(-1))
      await mine(56, 1)
    }
    expect(blocks[2]).toBeGreaterThan(blocks[0]!)
    const stillWaiting = await Promise.race([refresher.settled().then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 300))])
    expect(stillWaiting).toBe(true)

    await holder.query('commit')
    await refresher.settled()
    expect((await store.latestSnapshots()).map((snapshot) => snapshot.state.blockNumber)).toEqual([blocks[2]])
  })
})
