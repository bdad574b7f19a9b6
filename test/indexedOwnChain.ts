import { buildRegistry, type ChainRegistry } from '../src/registry/index.js'
import { IndexStore, migrate, openSqlClient, type SqlClient } from '../src/store/index.js'
import { startOwnChain, type OwnChain } from './ownChain.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'

/** An own chain, and the service over it with an event index in a database of its own. */
export interface IndexedOwnChain {
  own: OwnChain
  sql: SqlClient
  store: IndexStore
  registry: ChainRegistry
  service: RefresherApp
  close(): Promise<void>
}

/**
 * A chain with the devnet's contracts (as chain 56's) under `chainId`, blocks `blockIntervalSeconds`
 * apart when given, and a refresher and API over it whose event index writes to PGlite in memory:
 * what the tests of the index and of what it answers run on.
 */
export async function indexedOwnChain(options: { chainId: number; blockIntervalSeconds?: number }): Promise<IndexedOwnChain> {
  const own = await startOwnChain({ chainId: options.chainId, specOf: 56 })
  if (options.blockIntervalSeconds !== undefined) await own.setBlockInterval(options.blockIntervalSeconds)
  const sql = await openSqlClient({ dataDir: 'memory://' })
  await migrate(sql)
  const store = new IndexStore(sql)
  const service = await refresherApp({ chains: [own.chainConfig], registry: own.registry, index: store })
  return {
    own,
    sql,
    store,
    registry: buildRegistry(own.registry, 'own registry').chains.get(options.chainId)!,
    service,
    close: async () => {
      await service.close()
      await sql.close()
      await own.stop()
    },
  }
}
