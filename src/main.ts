import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import type { Logger } from 'pino'
import type { ChainClient } from './chain/index.js'
import { ConfigError, loadConfig, packageRoot, type ChainConfig, type Config } from './config/index.js'
import { createLogger, readyBanner, readyFields } from './logging/index.js'
import { keepHttpShapes } from './keepHttpShapes.js'
import { keepTickShapes } from './keepTickShapes.js'
import type { Registry } from './registry/index.js'
import type { DevnetManifest } from './schema/index.js'
import type { SqlClient } from './store/index.js'

// What comes after the chains loads while a devnet's chains start (dynamic imports below): a
// loaded devnet's anvils read their dumps meanwhile.

/** Longest a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000
/** How often the process checks that whoever started it is still there. */
const PARENT_CHECK_MS = 1_000

interface Served {
  mode: 'devnet' | 'configured'
  chains: ChainConfig[]
  registry: Registry
  devnet?: { manifest: DevnetManifest; loaded: boolean; stop: () => Promise<void> }
  /** The store laid with the devnet's past, opening, when its chains loaded that past. */
  laidStore?: Promise<SqlClient>
}

/**
 * What a stop closes, in order: the roles (put first once started), then the devnet. A signal at
 * any moment of the start, or a start that fails, runs them too.
 */
const closers: (() => Promise<void>)[] = []

/** The composition root: config, logger, chains, registry, then the roles; then wait for a signal. */
async function main(): Promise<void> {
  keepTickShapes()
  await keepHttpShapes()
  const config = loadConfig(process.env, process.argv.slice(2))
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true)
  const log = createLogger({ level: config.logLevel, pretty })
  installShutdown(log)
  // The roles' modules (the API, the store, the refresher) load once the devnet's chains and store have started loading.
  let modules: Promise<[typeof import('./chain/index.js'), typeof import('./metrics/index.js'), typeof import('./startRoles.js')]> | undefined
  const loadModules = () => {
    modules ??= Promise.all([import('./chain/index.js'), import('./metrics/index.js'), import('./startRoles.js')])
    modules.catch(() => undefined)
    return modules
  }
  // Before anything slow (the devnet's deployment): a port in use is the commonest failed start.
  if (config.role !== 'refresher') await assertPortFree(config.host, config.port, 'PORT')
  if (config.chains.length === 0 && config.devnet.rpcPort !== 0) {
    for (let index = 0; index < DEVNET_CHAINS; index++) await assertPortFree('127.0.0.1', config.devnet.rpcPort + index, 'DEVNET_RPC_PORT')
  }
  const served = await resolveChains(config, log, loadModules)

  const [{ assertChainIds, createChainClients, rpcOptionsOf }, { Metrics }, { startRoles }] = await loadModules()
  const metrics = new Metrics({ processMetrics: true })
  const chains = createChainClients(served.chains, {
    ...rpcOptionsOf(config),
    onRequest: (chainId, method, outcome, seconds) => metrics.rpc(chainId, method, outcome, seconds),
    observer: metrics.rpcObserver,
  })
  // A node of another chain would serve its contracts under this chain's id: the start stops.
  await assertChainIds(chains)
  log.info({ mode: served.mode, role: config.role }, `mode: ${served.mode === 'devnet' ? 'embedded devnet' : 'configured chains'}`)
  await logChainHeights(log, chains)

  const version = packageVersion()
  const roles = await startRoles({
    config,
    log,
    version,
    chains,
    registry: served.registry,
    metrics,
    ...(served.devnet && { devnet: served.devnet.manifest, devnetDataDir: config.devnet.dataDir }),
    ...(served.laidStore && { devnetStore: served.laidStore }),
    onListening: (url) => {
      // A person at a terminal gets the banner; a log collector gets one line it can parse.
      if (pretty) process.stdout.write(readyBanner({ version, url, ...(served.devnet && { devnet: served.devnet.manifest }) }))
      else log.info(readyFields(url, served.devnet?.manifest), `ready: ${url} (docs at ${url}/docs)`)
    },
  })
  closers.unshift(roles.stop)
}

/** A start that cannot listen: it says which setting frees it. */
class PortInUse extends Error {}

/** The devnet's chains (1, 56, 43114): DEVNET_RPC_PORT and the two ports after it. */
const DEVNET_CHAINS = 3

/** Throws PortInUse, naming `setting`, when `host`:`port` is taken (port 0 asks the OS for a free one: always free). */
async function assertPortFree(host: string, port: number, setting: 'PORT' | 'DEVNET_RPC_PORT'): Promise<void> {
  if (port === 0) return
  const server = createServer()
  const example = setting === 'PORT' ? port + 1 : port + 10
  const takes = setting === 'PORT' ? '' : ` (the devnet's chains take it and the ${DEVNET_CHAINS - 1} after it)`
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUse(
              `port ${port} on ${host} is in use (another service, or an earlier start still running): set ${setting} to a free one${takes}, e.g. ${setting}=${example} npm start`,
            )
          : error,
      ),
    )
    server.listen(port, host, () => server.close(() => resolve()))
  })
}

/** The version in the project's package.json. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Devnet mode when no chain is configured; otherwise the configured chains and their registry.
 * `loadModules` is called once the devnet's chains and store are loading (anvil's processes and
 * PGlite's image), so what it loads does not hold them up.
 */
async function resolveChains(config: Config, log: Logger, loadModules: () => unknown): Promise<Served> {
  if (config.chains.length === 0) {
    const { startDevnet, stopAllAnvils, laidFolderOf, laidStoreOf, unloadableReason } = await import('./devnet/boot.js')
    const laidFolder = laidFolderOf(config.devnet.dataDir)
    const unloadable = unloadableReason(laidFolder, { blockSeconds: config.devnet.blockTimeMs / 1000 })
    if (unloadable !== undefined) log.info(`devnet: laying a new past: ${unloadable} (\`npm run devnet:lay\` lays one to load)`)
    // A signal while the devnet starts stops the anvils already running (and no more start).
    closers.push(stopAllAnvils)
    const starting = startDevnet({
      log: (message) => log.info(message),
      blockTimeMs: config.devnet.blockTimeMs,
      rpcPort: config.devnet.rpcPort,
      // The service stops them after itself: a terminal's Ctrl-C must not take the nodes from under
      // it (its refresher and index would report a dead node as a pruned one on the way out).
      detached: true,
      manifestPath: join(dirname(config.devnet.dataDir), 'manifest.json'),
      ...(unloadable === undefined && { laidFolder }),
    })
    // A failure is met where it is awaited, below.
    starting.catch(() => undefined)
    // The store laid with the past opens beside the chains' loading (about a second each), in a
    // thread of its own while this one loads the service; one that fails to open fails the start
    // where it is awaited (startRoles).
    const { openSqlClient } = await import('./store/boot.js')
    let laidStore = unloadable === undefined ? openSqlClient({ dataDir: 'memory://', image: laidStoreOf(laidFolder), inWorker: true }) : undefined
    laidStore?.catch(() => undefined)
    loadModules()
    const devnet = await starting
    closers.unshift(devnet.stop)
    if (laidStore && !devnet.loaded) {
      void laidStore.then((store) => store.close()).catch(() => undefined)
      laidStore = undefined
    }
    const [{ devnetChains, devnetRegistry }, { buildRegistry }] = await Promise.all([import('./devnet/index.js'), import('./registry/index.js')])
    return {
      mode: 'devnet',
      chains: devnetChains(devnet.manifest),
      registry: buildRegistry(devnetRegistry(devnet.manifest), 'devnet registry'),
      devnet,
      ...(laidStore && { laidStore }),
    }
  }
  loadModules()
  const { loadRegistry, RegistryError } = await import('./registry/index.js')
  const registry = loadRegistry(config.registryPath!)
  for (const chain of config.chains) {
    if (!registry.chains.has(chain.chainId))
      throw new RegistryError(`registry error: chain ${chain.chainId} is configured but ${config.registryPath} has no chains.${chain.chainId} entry`)
  }
  return { mode: 'configured', chains: config.chains, registry }
}

async function logChainHeights(log: Logger, chains: Map<number, ChainClient>): Promise<void> {
  await Promise.all(
    [...chains.values()].map(async (chain) => {
      try {
        const blockNumber = await chain.client.getBlockNumber()
        log.info({ chainId: chain.chainId, blockNumber: Number(blockNumber) }, `chain ${chain.chainId}: block ${blockNumber}`)
      } catch {
        log.warn({ chainId: chain.chainId }, `chain ${chain.chainId}: node does not answer yet; /readyz says 503 until it does`)
      }
    }),
  )
}

/** Whether a signal has started the shutdown (a start it interrupts then fails quietly). */
let signalled = false

/** Runs every closer in order (a failing one is logged, the rest still run), once. */
let closing: Promise<void> | undefined
function closeAll(log: Logger | undefined): Promise<void> {
  closing ??= (async () => {
    for (const close of closers) await close().catch((error: unknown) => log?.error({ err: error }, 'close failed'))
  })()
  return closing
}

/**
 * SIGINT/SIGTERM close the roles and the devnet (no orphan anvil, no state folder left), in that
 * order, and exit 0. The first signal starts the shutdown; later ones (a terminal signals the
 * whole process group and `npm start` forwards it again) are noted and change nothing.
 */
function installShutdown(log: Logger): void {
  const shutdown = (signal: string) => {
    if (signalled) {
      log.info(`${signal}: already shutting down`)
      return
    }
    signalled = true
    log.info(`${signal}: shutting down`)
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref()
    void closeAll(log).then(() => process.exit(0))
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  // A parent that dies without signalling (npm killed on its own) must not leave anvils behind.
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && shutdown('parent exited'), PARENT_CHECK_MS).unref()
}

main().catch(async (error: unknown) => {
  if (signalled) return
  const [{ RegistryError }, { WrongChain }] = await Promise.all([import('./registry/index.js'), import('./chain/index.js')])
  if (error instanceof ConfigError || error instanceof RegistryError || error instanceof PortInUse || error instanceof WrongChain) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  // What started before the failure stops as on a signal: nothing is left behind.
  await closeAll(undefined)
  process.exit(1)
})
