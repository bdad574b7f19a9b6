import { pino, type Logger } from 'pino'
import { buildApp, type App } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf, type ChainClient } from '../src/chain/index.js'
import { loadConfig, type ChainConfig, type Config } from '../src/config/index.js'
import { buildRegistry, type Registry, type RegistryFile } from '../src/registry/index.js'
import { figureDigest, flagCounts } from '../src/status/index.js'
import { EventIndex } from '../src/indexer/index.js'
import { Metrics } from '../src/metrics/index.js'
import { IndexReader, LocalRefreshLock, MemorySnapshotCache, Refresher } from '../src/snapshot/index.js'
import type { DevnetManifest } from '../src/devnet/index.js'
import type { BlockPriceStore, IndexStore, SnapshotStore } from '../src/store/index.js'

/**
 * A refresher that has seen nothing yet (no static facts, no snapshot), silent, with a local lock:
 * its own fact and snapshot caches unless given, the default snapshot settings unless given (without
 * the history backfill: a test that wants its background reads asks for them).
 */
export function coldRefresher(input: {
  chains: Map<number, ChainClient>
  registry: Registry
  snapshot?: Config['snapshot']
  facts?: FactCache
  cache?: MemorySnapshotCache
  store?: SnapshotStore
  index?: IndexReader
  log?: Logger
  figures?: Config['figures']
  blockPrices?: BlockPriceStore
}): Refresher {
  return new Refresher({
    chains: input.chains,
    registry: input.registry,
    facts: input.facts ?? new FactCache(),
    cache: input.cache ?? new MemorySnapshotCache(),
    ...(input.store && { store: input.store }),
    ...(input.index && { index: input.index }),
    lock: new LocalRefreshLock(),
    config: input.snapshot ?? loadConfig({ HISTORY_BACKFILL_DAYS: '0' }).snapshot,
    log: input.log ?? pino({ level: 'silent' }),
    // As startRoles does: the figures that jumped are flagged.
    figuresOf: figureDigest,
    ...(input.figures && { figurePolicy: input.figures }),
    ...(input.blockPrices && { blockPrices: input.blockPrices }),
  })
}

/** A refresher and the API over its snapshots, as `--role all` runs them. */
export interface RefresherApp {
  app: App
  refresher: Refresher
  /** The event index, when `index` gave it a store. */
  index: EventIndex | undefined
  cache: MemorySnapshotCache
  chains: Map<number, ChainClient>
  close(): Promise<void>
}

/**
 * A refresher keeping snapshots of `chains` (the test's own anvil, a proxy in front of a node)
 * and the API answering from them, without the background node probes (so a proxy counts only
 * what the refresher and requests cause), without rate limits unless `rateLimit` sets them, and
 * silent unless `log` is given. `store` keeps history (not read back from the node unless `env`
 * sets HISTORY_BACKFILL_DAYS); `env` sets what the environment would (SNAPSHOT_STALE_AFTER_MS,
 * TRUST_PROXY, ...). With `index`, an event index over that store
 * follows the chains (polling every 200 ms) and every snapshot carries what it says.
 */
export async function refresherApp(input: {
  chains: ChainConfig[]
  registry: RegistryFile
  store?: SnapshotStore
  env?: Record<string, string>
  rateLimit?: Config['rateLimit']
  log?: Logger
  index?: IndexStore
  /** Past blocks' prices kept beside the index (what startRoles gives the API). */
  blockPrices?: BlockPriceStore
  /** The manifest `GET /devnet` answers with (the page's dev accounts). */
  devnet?: DevnetManifest
}): Promise<RefresherApp> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', HISTORY_BACKFILL_DAYS: '0', ...input.env }),
    rateLimit: input.rateLimit ?? { max: 0, windowMs: 60_000 },
  }
  const log = input.log ?? pino({ level: 'silent' })
  const chains = createChainClients(input.chains, rpcOptionsOf(config))
  const registry = buildRegistry(input.registry, 'test registry')
  const facts = new FactCache()
  const cache = new MemorySnapshotCache()
  const index =
    input.index &&
    new EventIndex({
      chains,
      registry,
      store: input.index,
      owner: 'test',
      leaseTtlMs: config.snapshot.lockTtlMs,
      pollIntervalMs: 200,
      maxRangeBlocks: config.index.maxRangeBlocks,
      log,
    })
  index?.start()
  const refresher = coldRefresher({
    chains,
    registry,
    snapshot: config.snapshot,
    facts,
    cache,
    ...(input.store && { store: input.store }),
    ...(index && { index: new IndexReader({ index, store: input.index!, registry }) }),
    log,
    figures: config.figures,
    ...(input.blockPrices && { blockPrices: input.blockPrices }),
  })
  // As startRoles does: /metrics reports each chain's snapshot (its age, the index it carries).
  const metrics = new Metrics()
  metrics.watchSnapshots([...chains.keys()], (chainId) => cache.latest(chainId))
  metrics.watchFlags(() => flagCounts({ config, registry, snapshots: cache }, [...chains.keys()]))
  const app = await buildApp({
    config,
    log,
    version: 'test',
    chains,
    registry,
    facts,
    snapshots: cache,
    metrics,
    ...(input.store && { store: input.store }),
    ...(input.index && { index: input.index }),
    ...(input.blockPrices && { blockPrices: input.blockPrices }),
    ...(input.devnet && { devnet: input.devnet }),
  })
  await app.ready()
  return {
    app,
    refresher,
    index,
    cache,
    chains,
    close: async () => {
      await refresher.stop()
      await index?.stop()
      await app.close()
    },
  }
}
