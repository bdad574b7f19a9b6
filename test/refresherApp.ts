import { pino, type Logger } from 'pino'
import { buildApp, type App } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf, type ChainClient } from '../src/chain/index.js'
import { loadConfig, type ChainConfig, type Config } from '../src/config/index.js'
import { buildRegistry, type Registry, type RegistryFile } from '../src/registry/index.js'
import { LocalRefreshLock, MemorySnapshotCache, Refresher } from '../src/snapshot/index.js'
import type { SnapshotStore } from '../src/store/index.js'

/**
 * A refresher that has seen nothing yet (no static facts, no snapshot), silent, with a local lock:
 * its own fact and snapshot caches unless given, the default snapshot settings unless given.
 */
export function coldRefresher(input: {
  chains: Map<number, ChainClient>
  registry: Registry
  snapshot?: Config['snapshot']
  facts?: FactCache
  cache?: MemorySnapshotCache
  store?: SnapshotStore
}): Refresher {
  return new Refresher({
    chains: input.chains,
    registry: input.registry,
    facts: input.facts ?? new FactCache(),
    cache: input.cache ?? new MemorySnapshotCache(),
    ...(input.store && { store: input.store }),
    lock: new LocalRefreshLock(),
    config: input.snapshot ?? loadConfig({}).snapshot,
    log: pino({ level: 'silent' }),
  })
}

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
 * what the refresher and requests cause), without rate limits unless `rateLimit` sets them, and
 * silent unless `log` is given. `store` keeps history; `env` sets what the environment would
 * (SNAPSHOT_STALE_AFTER_MS, TRUST_PROXY, ...).
 */
export async function refresherApp(input: {
  chains: ChainConfig[]
  registry: RegistryFile
  store?: SnapshotStore
  env?: Record<string, string>
  rateLimit?: Config['rateLimit']
  log?: Logger
}): Promise<RefresherApp> {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...input.env }), rateLimit: input.rateLimit ?? { max: 0, windowMs: 60_000 } }
  const log = input.log ?? pino({ level: 'silent' })
  const chains = createChainClients(input.chains, rpcOptionsOf(config))
  const registry = buildRegistry(input.registry, 'test registry')
  const facts = new FactCache()
  const cache = new MemorySnapshotCache()
  const refresher = coldRefresher({ chains, registry, snapshot: config.snapshot, facts, cache, ...(input.store && { store: input.store }) })
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
