import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { createChainClients, rpcOptionsOf, type ChainClient } from './chain/index.js'
import { ConfigError, loadConfig, type ChainConfig, type Config } from './config/index.js'
import { createLogger, readyBanner } from './logging/index.js'
import { keepTickShapes } from './keepTickShapes.js'
import { Metrics } from './metrics/index.js'
import { buildRegistry, loadRegistry, RegistryError, type Registry } from './registry/index.js'
import type { DevnetManifest } from './schema/index.js'
import { startRoles } from './startRoles.js'

/** The devnet's embedded store: kept between starts (PGlite's first start is its slowest). */
const DEVNET_DATA_DIR = '.devnet/pglite'

/** Longest a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000
/** How often the process checks that whoever started it is still there. */
const PARENT_CHECK_MS = 1_000

interface Served {
  mode: 'devnet' | 'configured'
  chains: ChainConfig[]
  registry: Registry
  devnet?: { manifest: DevnetManifest; stop: () => Promise<void> }
}

/** The composition root: config, logger, chains, registry, then the roles; then wait for a signal. */
async function main(): Promise<void> {
  keepTickShapes()
  const config = loadConfig(process.env, process.argv.slice(2))
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true)
  const log = createLogger({ level: config.logLevel, pretty })
  // Before anything slow (the devnet's deployment): a port in use is the commonest failed start.
  if (config.role !== 'refresher') await assertPortFree(config.host, config.port)
  const served = await resolveChains(config, log)
  const closers: (() => Promise<void>)[] = []
  if (served.devnet) closers.push(served.devnet.stop)
  installShutdown(log, closers)

  const metrics = new Metrics({ processMetrics: true })
  const chains = createChainClients(served.chains, {
    ...rpcOptionsOf(config),
    onRequest: (chainId, method, outcome, seconds) => metrics.rpc(chainId, method, outcome, seconds),
    observer: metrics.rpcObserver,
  })
  log.info({ mode: served.mode, role: config.role }, `mode: ${served.mode === 'devnet' ? 'embedded devnet' : 'configured chains'}`)
  await logChainHeights(log, chains)

  const version = packageVersion()
  const stop = await startRoles({
    config,
    log,
    version,
    chains,
    registry: served.registry,
    metrics,
    ...(served.devnet && { devnet: served.devnet.manifest, devnetDataDir: DEVNET_DATA_DIR }),
    onListening: (url) => {
      // A person at a terminal gets the banner; a log collector gets one line it can parse.
      if (pretty) process.stdout.write(readyBanner({ version, url, ...(served.devnet && { devnet: served.devnet.manifest }) }))
      else log.info({ url, docs: `${url}/docs` }, `ready: ${url} (docs at ${url}/docs)`)
    },
  })
  closers.unshift(stop)
}

/** A start that cannot listen: it says which setting frees it. */
class PortInUse extends Error {}

/** Throws PortInUse when `host`:`port` is taken (port 0 asks the OS for a free one: always free). */
async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUse(
              `port ${port} on ${host} is in use (another service, or an earlier start still running): set PORT to a free one, e.g. PORT=${port + 1} npm start`,
            )
          : error,
      ),
    )
    server.listen(port, host, () => server.close(() => resolve()))
  })
}

/** The version in the project's package.json, found from src/ (tsx) or dist/src/ (the build) alike. */
function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
  }
  throw new Error('package.json not found above the service')
}

/** Devnet mode when no chain is configured; otherwise the configured chains and their registry. */
async function resolveChains(config: Config, log: Logger): Promise<Served> {
  if (config.chains.length === 0) {
    const { startDevnet, devnetChains, devnetRegistry } = await import('./devnet/index.js')
    const devnet = await startDevnet({ log: (message) => log.info(message), blockTimeMs: config.devnet.blockTimeMs })
    return {
      mode: 'devnet',
      chains: devnetChains(devnet.manifest),
      registry: buildRegistry(devnetRegistry(devnet.manifest), 'devnet registry'),
      devnet,
    }
  }
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

/** SIGINT/SIGTERM close the app and the devnet (no orphan anvil), in that order, once. */
function installShutdown(log: Logger, closers: (() => Promise<void>)[]): void {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    log.info(`${signal}: shutting down`)
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref()
    void (async () => {
      for (const close of closers) await close().catch((error: unknown) => log.error({ err: error }, 'close failed'))
      process.exit(0)
    })()
  }
  process.once('SIGINT', () => shutdown('SIGINT'))
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  // A parent that dies without signalling (npm killed on its own) must not leave anvils behind.
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && shutdown('parent exited'), PARENT_CHECK_MS).unref()
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RegistryError || error instanceof PortInUse) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(`start failed: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  process.exit(1)
})
