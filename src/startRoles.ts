import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { buildApp, type AppDeps } from './api/index.js'
import { connectRedis } from './connectRedis.js'
import type { ChainSnapshot } from './chain-snapshot/index.js'
import { FactCache, startChainProbes, stopChainClients, type ChainClient } from './chain/index.js'
import type { Config } from './config/index.js'
import { figureDigest, flagCounts } from './status/index.js'
import { RegistryChecks } from './registry-tools/index.js'
import { EventIndex } from './indexer/index.js'
import type { Metrics } from './metrics/index.js'
import type { Registry } from './registry/index.js'
import { IndexReader, LocalRefreshLock, MemorySnapshotCache, RedisRefreshLock, RedisSnapshotCache, Refresher, type SnapshotCache } from './snapshot/index.js'
import { BlockPriceStore, IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from './store/index.js'
import { MemoryEventLog, RedisEventLog, StreamHub, StreamPublisher, type EventLog } from './stream/index.js'

export interface RolesInput {
  config: Config
  log: Logger
  version: string
  chains: Map<number, ChainClient>
  registry: Registry
  metrics: Metrics
  /** The embedded devnet's manifest; its chains are new on every start (unless loaded), so stored snapshots are dropped. */
  devnet?: unknown
  /** The store laid with the devnet's past, when its chains loaded that past: used and kept (else the devnet's store is emptied). */
  devnetStore?: Promise<SqlClient>
  /** PGlite folder of the devnet (it ignores DATABASE_URL and REDIS_URL: one process, its own chains). */
  devnetDataDir?: string
  /** Called with the API's address once it listens. */
  onListening?: (url: string) => void
}

/** What startRoles started. */
export interface Roles {
  /** Stops it all, in the reverse order of the start. */
  stop(): Promise<void>
  /**
   * Resolves once the refresher has caught up with every chain's head: the index has reached it,
   * a snapshot was taken there, and the lookups and history backfills it started are done (what a
   * laid past's store must hold). Throws for the `api` role, which has no refresher.
   */
  caughtUp(timeoutMs: number): Promise<void>
}

/**
 * Starts what the role asks for over one store (PGlite, or PostgreSQL by DATABASE_URL) and one
 * snapshot cache (Redis by REDIS_URL, shared by every replica, else this process's memory):
 * `api` serves HTTP from the snapshots, `refresher` keeps them current, `all` does both. The
 * last stored snapshots are served at once, with their age, while the first refresh runs.
 */
export async function startRoles(input: RolesInput): Promise<Roles> {
  const { config, log, chains, registry } = input
  const closers: (() => Promise<void>)[] = []
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error: unknown) => log.error({ err: error }, 'close failed'))
  }
  let caughtUp: Roles['caughtUp'] = async () => {
    throw new Error(`role ${config.role}: no refresher to catch up`)
  }
  try {
    const facts = new FactCache()
    // Every entry against its node at start (beside the store's opening): errors and warnings are
    // logged, /status says them, and what is unsound is withheld from the registry before the
    // first snapshot reads it.
    const registryCheck = new RegistryChecks({ chains, registry, facts, figurePolicy: config.figures, log })
    const checked = registryCheck.run()
    const sql = await (input.devnetStore ??
      openSqlClient(
        // Embedded PGlite works in a thread of its own: the main thread answers requests.
        input.devnet
          ? { dataDir: input.devnetDataDir ?? 'memory://', inWorker: true }
          : { ...(config.databaseUrl && { databaseUrl: config.databaseUrl }), dataDir: config.dataDir, inWorker: true },
      ))
    closers.push(() => sql.close())
    const applied = await migrate(sql)
    // The devnet's chains are new on every start (unless loaded with their store): nothing stored about the last ones applies.
    if (input.devnet && !input.devnetStore)
      for (const table of ['chain_snapshots', 'tvl_history', 'apr_history', 'vault_history', 'pair_history', ...INDEX_TABLES])
        await sql.query(`delete from ${table}`)
    const store = new SnapshotStore(sql)
    const indexStore = new IndexStore(sql)
    const blockPrices = new BlockPriceStore(sql)
    log.info(`store: ${config.databaseUrl && !input.devnet ? 'PostgreSQL' : 'PGlite (in a worker thread)'}, ${applied} migration(s) applied`)

    const redisUrl = input.devnet ? undefined : config.redisUrl
    const redis = redisUrl ? await connectRedis(redisUrl, log) : undefined
    if (redis) closers.push(async () => redis.disconnect())
    const cache: SnapshotCache = redis
      ? await RedisSnapshotCache.open(redis, redis.duplicate(), config.redisPrefix, [...chains.keys()], log, (chainId, via) =>
          input.metrics.snapshotArrivals.inc({ chain: String(chainId), via }),
        )
      : new MemorySnapshotCache()
    closers.push(() => cache.close())
    input.metrics.watchSnapshots([...chains.keys()], (chainId) => cache.latest(chainId))
    input.metrics.watchFlags(() => flagCounts({ config, registry, snapshots: cache }, [...chains.keys()]))
    for (const snapshot of await store.latestSnapshots()) if (chains.has(snapshot.chainId)) await cache.publish(snapshot)

    // Readiness, lag and breakers come from these checks, never from a call made while a probe waits.
    void startChainProbes(chains)
    closers.push(async () => stopChainClients(chains))

    // The stream's events: through Redis when the roles may be split, else in this process (the `all` role alone).
    const window = { windowMs: config.stream.windowSeconds * 1000, maxEvents: config.stream.maxEvents }
    const events: EventLog | undefined = redis
      ? new RedisEventLog(redis, redis.duplicate(), config.redisPrefix, window, log)
      : config.role === 'all'
        ? new MemoryEventLog(window)
        : undefined
    if (events) closers.push(() => events.close())
    const appDeps = {
      config,
      log,
      version: input.version,
      chains,
      registry,
      facts,
      snapshots: cache,
      store,
      index: indexStore,
      blockPrices,
      ...(redis && { redis }),
      devnet: input.devnet,
      registryCheck,
    }

    if (config.role !== 'api') {
      const owner = randomUUID()
      const stream = events && streamPublisher(events, appDeps)
      if (stream) closers.push(stream.stop)
      const publisher = stream?.publisher
      const lock = redis ? new RedisRefreshLock(redis, config.redisPrefix, owner, config.snapshot.lockTtlMs, log) : new LocalRefreshLock()
      const index = config.index.enabled
        ? new EventIndex({
            chains,
            registry,
            store: indexStore,
            owner,
            leaseTtlMs: config.snapshot.lockTtlMs,
            pollIntervalMs: config.snapshot.refreshIntervalMs,
            maxRangeBlocks: config.index.maxRangeBlocks,
            log,
            onReorg: (chainId, ancestor) => {
              input.metrics.indexReorgs.inc({ chain: String(chainId) })
              publisher?.reorged(chainId, ancestor)
            },
          })
        : undefined
      index?.start()
      if (index) closers.push(() => index.stop())
      const refresher = new Refresher({
        chains,
        registry,
        facts,
        cache,
        store,
        lock,
        config: config.snapshot,
        figurePolicy: config.figures,
        figuresOf: figureDigest,
        log,
        metrics: input.metrics,
        ...(index && { index: new IndexReader({ index, store: indexStore, registry }) }),
        blockPrices,
        ...(publisher && { onTaken: (snapshot: ChainSnapshot) => publisher.taken(snapshot.chainId) }),
        // api replicas without Redis follow PostgreSQL (followStore below); embedded PGlite has no other reader.
        storeIsFollowed: !redis && !input.devnet && config.databaseUrl !== undefined,
      })
      // The first snapshots wait for the check (within a bound), so what it withholds is never in them.
      await Promise.race([checked, new Promise((resolve) => setTimeout(resolve, REGISTRY_CHECK_WAIT_MS).unref())])
      refresher.start()
      closers.push(() => refresher.stop())
      caughtUp = async (timeoutMs) => {
        for (const chain of chains.values()) {
          const head = await chain.client.getBlockNumber({ cacheTime: 0 })
          if (index && !(await index.reach(chain.chainId, head, timeoutMs)))
            throw new Error(`chain ${chain.chainId}: the index did not reach block ${head} within ${timeoutMs} ms`)
          await refresher.refresh(chain.chainId)
        }
        await refresher.settled()
        // The snapshots after the lookups carry what they found.
        for (const chainId of chains.keys()) await refresher.refresh(chainId)
      }
    } else if (!redis) {
      // A separate refresher writes to the store; without Redis, this replica follows the store.
      const timer = setInterval(() => void followStore(store, cache, chains), config.snapshot.refreshIntervalMs)
      timer.unref()
      closers.push(async () => clearInterval(timer))
    }

    if (config.role !== 'refresher') {
      const app = await buildApp({ ...appDeps, metrics: input.metrics, ...(events && { stream: new StreamHub(events) }) })
      closers.push(() => app.close())
      const url = await app.listen({ host: config.host, port: config.port })
      input.onListening?.(url)
    } else {
      log.info('role refresher: no HTTP listener')
    }
    return { stop: close, caughtUp: (timeoutMs) => caughtUp(timeoutMs) }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * The stream's publisher: it asks an app of its own (never listening, no rate limit, its own
 * metrics, quiet logs) for the answers each snapshot changed, so an event's ETag and entries are
 * those any replica gives.
 */
function streamPublisher(
  events: EventLog,
  deps: AppDeps & { snapshots: SnapshotCache; index: IndexStore },
): { publisher: StreamPublisher; stop: () => Promise<void> } {
  // Built on the first answer asked, which waits for a replica with a client: a refresher nobody
  // listens to never holds a second app.
  let asked: ReturnType<typeof buildApp> | undefined
  const app = () => {
    asked ??= buildApp({
      ...deps,
      config: { ...deps.config, rateLimit: { ...deps.config.rateLimit, max: 0 } },
      log: deps.log.child({ role: 'stream' }, { level: 'warn' }),
    })
    return asked
  }
  const publisher = new StreamPublisher({
    log: events,
    registry: deps.registry,
    index: deps.index,
    latest: (chainId) => deps.snapshots.latest(chainId),
    ask: async (path) => {
      const answer = await (await app()).inject({ method: 'GET', url: path })
      const etag = answer.headers.etag
      return { status: answer.statusCode, etag: typeof etag === 'string' ? etag : undefined, body: answer.statusCode === 200 ? answer.json() : undefined }
    },
    logger: deps.log,
  })
  const stop = async () => {
    await publisher.stop()
    if (asked) await (await asked).close()
  }
  return { publisher, stop }
}

/** The event index's tables: the devnet's chains are new on every start, so none of it applies. */
const INDEX_TABLES = ['index_events', 'index_blocks', 'index_contracts', 'index_chains', 'index_leases', 'block_prices']

/** Takes what the store holds that this replica's cache does not have yet (decoding only that). */
async function followStore(store: SnapshotStore, cache: SnapshotCache, chains: Map<number, ChainClient>): Promise<void> {
  const known = (chainId: number) => {
    const latest = cache.latest(chainId)
    return latest && { blockNumber: latest.state.blockNumber, takenAt: latest.takenAt }
  }
  const snapshots = await store.snapshotsNewerThan(known).catch(() => [])
  for (const snapshot of snapshots) if (chains.has(snapshot.chainId)) await cache.publish(snapshot)
}

/**
 * How long the first snapshots wait for the registry check. It takes about one snapshot's reads;
 * on a hung node it may take longer, and the snapshots go ahead (the check withholds when done).
 */
const REGISTRY_CHECK_WAIT_MS = 3_000
