import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { BlockPriceStore, IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../src/store/index.js'
import { devnet } from './devnet.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'

/** A refresher and API over one chain of the shared devnet, keeping history in a PGlite of its own in memory. */
export interface StoredDevnetService {
  service: RefresherApp
  sql: SqlClient
  close(): Promise<void>
}

/**
 * The service over devnet chain `chainId` with a snapshot store (and, with `index`, an event
 * index) in an in-memory PGlite; `env` sets what the environment would. Nothing is refreshed yet.
 */
export async function storedDevnetService(chainId: number, options: { index?: boolean; env?: Record<string, string> } = {}): Promise<StoredDevnetService> {
  const sql = await openSqlClient({ dataDir: 'memory://' })
  await migrate(sql)
  const service = await refresherApp({
    chains: devnetChains(devnet()).filter((chain) => chain.chainId === chainId),
    registry: devnetRegistry(devnet()),
    store: new SnapshotStore(sql),
    ...(options.index && { index: new IndexStore(sql), blockPrices: new BlockPriceStore(sql) }),
    ...(options.env && { env: options.env }),
  })
  return {
    service,
    sql,
    close: async () => {
      await service.close()
      await sql.close()
    },
  }
}

/**
 * The service over devnet chain `chainId` with a store and an event index, the month of past
 * indexed (its harvests say how often each vault compounds), and two snapshots taken: what a
 * first snapshot looks for a window back (prices per share, pairs' reserves) the second carries.
 */
export async function indexedDevnetService(chainId: number): Promise<StoredDevnetService> {
  const stored = await storedDevnetService(chainId, { index: true })
  const { service } = stored
  const head = await service.chains.get(chainId)!.client.getBlockNumber({ cacheTime: 0 })
  if (!(await service.index!.reach(chainId, head, 60_000))) throw new Error(`the event index did not reach block ${head} of chain ${chainId} within 60 s`)
  await service.refresher.refresh(chainId)
  await service.refresher.settled()
  await service.refresher.refresh(chainId)
  return stored
}
