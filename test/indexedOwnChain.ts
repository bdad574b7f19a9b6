import { buildRegistry, type ChainRegistry } from '../src/registry/index.js'
import { BlockPriceStore, IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../src/store/index.js'
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
 * what the tests of the index and of what it answers run on. With `history`, a snapshot store and
 * the past blocks' values beside it, a history point a second of wall time at most (what a user's
 * series reads); with `devnet`, `GET /devnet` gives the chain's manifest (the page's dev accounts).
 */
export async function indexedOwnChain(options: {
  chainId: number
  blockIntervalSeconds?: number
  history?: boolean
  devnet?: boolean
}): Promise<IndexedOwnChain> {
  const own = await startOwnChain({ chainId: options.chainId, specOf: 56 })
  if (options.blockIntervalSeconds !== undefined) await own.setBlockInterval(options.blockIntervalSeconds)
  const sql = await openSqlClient({ dataDir: 'memory://' })
  await migrate(sql)
  const store = new IndexStore(sql)
  const service = await refresherApp({
    chains: [own.chainConfig],
    registry: own.registry,
    index: store,
    ...(options.history && { store: new SnapshotStore(sql), blockPrices: new BlockPriceStore(sql), env: { HISTORY_INTERVAL_MS: '1000' } }),
    ...(options.devnet && { devnet: { chains: { [String(options.chainId)]: own.manifest } } }),
  })
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
