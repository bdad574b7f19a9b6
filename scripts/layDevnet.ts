// `npm install` (prepare), or `npm run devnet:lay`: lays the devnet's month of past once, with the
// service's store of it, so `npm start` loads both in a second or two instead of laying them (see
// src/devnet/laidDevnet.ts). A past laid by this code less than a day ago is kept. Nothing here
// fails the install: without a laid past, `npm start` lays one on every start, as it says.
import { renameSync, rmSync } from 'node:fs'
import { createChainClients, rpcOptionsOf } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import {
  anvilAccounts,
  DEMO_USER,
  type DevnetManifest,
  devnetChains,
  devnetRegistry,
  laidFolderOf,
  laidStoreOf,
  saveLaid,
  startDevnet,
  unloadableReason,
} from '../src/devnet/index.js'
import { createLogger } from '../src/logging/index.js'
import { Metrics } from '../src/metrics/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { startRoles } from '../src/startRoles.js'
import { createDataDir, packDataDir } from '../src/store/index.js'

/** How long the service may take to catch up with the laid past (index, history, APY bases). */
const CATCH_UP_MS = 300_000

const started = performance.now()
const config = loadConfig(process.env)
const folder = laidFolderOf(config.devnet.dataDir)
const say = (line: string) => process.stdout.write(`devnet: ${line}\n`)

try {
  if (await createDataDir(config.devnet.dataDir)) say(`created the store ${config.devnet.dataDir}`)
  const kept = unloadableReason(folder, { blockSeconds: config.devnet.blockTimeMs / 1000, maxAgeDays: 1 })
  if (kept === undefined && process.env.DEVNET_LAY !== 'always') say(`the past laid in ${folder} is kept (DEVNET_LAY=always lays it again)`)
  else {
    await lay(`${folder}.new`)
    rmSync(folder, { recursive: true, force: true })
    renameSync(`${folder}.new`, folder)
    say(`laid a month of past and its store in ${folder} in ${Math.round((performance.now() - started) / 1000)} s`)
  }
} catch (error) {
  rmSync(`${folder}.new`, { recursive: true, force: true })
  say(`could not lay the past (${error instanceof Error ? error.message : String(error)}); \`npm start\` lays one on each start instead`)
}
process.exit(0)

/** Lays the devnet's past in `into` with the service's store of it, as a start would find them. */
async function lay(into: string): Promise<void> {
  rmSync(into, { recursive: true, force: true })
  // The chains quiet (no keep-alive miner) while the service reads them and they are dumped.
  const devnet = await startDevnet({ manifestPath: `${into}/manifest.json`, lastDayBlockSeconds: config.devnet.blockTimeMs / 1000 })
  try {
    const log = createLogger({ level: 'warn', pretty: false })
    const chains = createChainClients(devnetChains(devnet.manifest), rpcOptionsOf(config))
    let url = ''
    const roles = await startRoles({
      config: { ...config, host: '127.0.0.1', port: 0, role: 'all' },
      log,
      version: 'laying',
      chains,
      registry: buildRegistry(devnetRegistry(devnet.manifest), 'devnet registry'),
      metrics: new Metrics({ processMetrics: false }),
      devnet: devnet.manifest,
      devnetDataDir: `${into}/pglite`,
      onListening: (listening) => {
        url = listening
      },
    })
    try {
      await roles.caughtUp(CATCH_UP_MS)
      await warmPricesAtEvents(url, devnet.manifest)
    } finally {
      await roles.stop()
    }
    await saveLaid(into, devnet.manifest, config.devnet.blockTimeMs / 1000)
    await packDataDir(`${into}/pglite`, laidStoreOf(into))
    rmSync(`${into}/pglite`, { recursive: true, force: true })
  } finally {
    await devnet.stop()
  }
}

/**
 * Asks once for what values past events at their own blocks (the demo user's positions and
 * history, each vault's harvests): the prices of those blocks are kept in the store, since the
 * loaded chains keep no state older than their dump.
 */
async function warmPricesAtEvents(url: string, manifest: DevnetManifest): Promise<void> {
  const user = anvilAccounts()[DEMO_USER]!.address
  const paths = Object.values(manifest.chains).flatMap((chain) => [
    `/users/${user}/positions?chain=${chain.chainId}`,
    `/users/${user}/history?chain=${chain.chainId}`,
    ...chain.vaults.flatMap((vault) => (vault.strategy ? [`/vaults/${vault.address}/harvests?chain=${chain.chainId}`] : [])),
  ])
  for (const path of paths) {
    const response = await fetch(`${url}${path}`)
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`)
  }
}
