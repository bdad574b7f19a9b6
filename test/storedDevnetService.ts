import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../src/store/index.js'
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
    ...(options.index && { index: new IndexStore(sql) }),
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
