import { pino } from 'pino'
import { buildApp, type App } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf, type ChainClient } from '../src/chain/index.js'
import { loadConfig, type ChainConfig } from '../src/config/index.js'
import { buildRegistry, type RegistryFile } from '../src/registry/index.js'
import { LocalRefreshLock, MemorySnapshotCache, Refresher } from '../src/snapshot/index.js'
import type { SnapshotStore } from '../src/store/index.js'

/** A refresher and the API over its snapshots, as `--role all` runs them. */
export interface RefresherApp {
  app: App
  refresher: Refresher
  cache: MemorySnapshotCache
  chains: Map<number, ChainClient>
  close(): Promise<void>
}

/**
 * A refresher keeping snapshots of `chains` (the test's own anvil, a proxy in front of a node)
 * and the API answering from them, without the background node probes (so a proxy counts only
 * what the refresher and requests cause) and without rate limits. `store` keeps history; `env`
 * sets what the environment would (SNAPSHOT_STALE_AFTER_MS, ...).
 */
export async function refresherApp(input: {
  chains: ChainConfig[]
  registry: RegistryFile
  store?: SnapshotStore
  env?: Record<string, string>
}): Promise<RefresherApp> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...input.env }), rateLimit: { max: 0, windowMs: 60_000 } }
  const log = pino({ level: 'silent' })
  const chains = createChainClients(input.chains, rpcOptionsOf(config))
  const registry = buildRegistry(input.registry, 'test registry')
  const facts = new FactCache()
  const cache = new MemorySnapshotCache()
  const refresher = new Refresher({ chains, registry, facts, cache, store: input.store, lock: new LocalRefreshLock(), config: config.snapshot, log })
  const app = await buildApp({ config, log, version: 'test', chains, registry, facts, snapshots: cache, ...(input.store && { store: input.store }) })
  await app.ready()
  return {
    app,
    refresher,
    cache,
    chains,
    close: async () => {
      await refresher.stop()
      await app.close()
    },
  }
}
