/**
 * Benchmarks of the service over the embedded devnet: aggregate endpoints served from a snapshot
 * against the same endpoints read live from the chain, and a transaction-building read. Prints
 * requests per second and the ratios; absolute figures depend on the machine, ratios less so.
 * Then node round trips per endpoint and tx build latency against the node's own estimate (nodeCost.ts).
 * Run with `npm run bench` (BENCH_SECONDS, BENCH_CONNECTIONS to change the load).
 */
import autocannon from 'autocannon'
import { pino } from 'pino'
import { buildApp, type App } from '../src/api/index.js'
import { createChainClients, FactCache, rpcOptionsOf } from '../src/chain/index.js'
import { loadConfig } from '../src/config/index.js'
import { devnetChains, devnetRegistry, startDevnet } from '../src/devnet/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { LocalRefreshLock, MemorySnapshotCache, Refresher } from '../src/snapshot/index.js'
import { benchNodeCost } from './nodeCost.js'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)

async function serve(snapshots: boolean): Promise<{ app: App; url: string; refresher?: Refresher }> {
  const manifest = devnet!.manifest
  const config = { ...loadConfig({}), rateLimit: { max: 0, windowMs: 60_000 } }
  const log = pino({ level: 'silent' })
  const chains = createChainClients(devnetChains(manifest), rpcOptionsOf(config))
  const registry = buildRegistry(devnetRegistry(manifest))
  const facts = new FactCache()
  const cache = new MemorySnapshotCache()
  let refresher: Refresher | undefined
  if (snapshots) {
    refresher = new Refresher({ chains, registry, facts, cache, lock: new LocalRefreshLock(), config: config.snapshot, log })
    for (const chainId of chains.keys()) await refresher.refresh(chainId)
  }
  const app = await buildApp({ config, log, version: 'bench', chains, registry, facts, ...(snapshots && { snapshots: cache }) })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, url, ...(refresher && { refresher }) }
}

async function measure(title: string, options: autocannon.Options): Promise<number> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options })
  const failures = result.non2xx + result.errors + result.timeouts
  console.log(`${title.padEnd(58)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(result.latency.p99).padStart(4)} ms${failures ? `  (${failures} failed)` : ''}`)
  return result.requests.average
}

const devnet = await startDevnet({ manifestPath: '.devnet/bench-manifest.json' })
try {
  const chain56 = devnet.manifest.chains['56']!
  const live = await serve(false)
  const snapshot = await serve(true)
  console.log(`${SECONDS} s per case, ${CONNECTIONS} connections, one process, devnet of three anvil chains\n`)
  const ratios: string[] = []
  for (const path of ['/v2/pools?chain=56', '/tvl?platform=all', `/lp?lptoken=${chain56.pairs[0]!.address}&amount=1000000000000000000`]) {
    const fromChain = await measure(`GET ${path.split('?')[0]} live (one Multicall3 pass per request)`, { url: `${live.url}${path}` })
    const fromSnapshot = await measure(`GET ${path.split('?')[0]} from the snapshot (no RPC)`, { url: `${snapshot.url}${path}` })
    ratios.push(`${path.split('?')[0]}: snapshot / live = ${(fromSnapshot / fromChain).toFixed(1)}×`)
  }
  const vault = chain56.vaults.find((candidate) => candidate.kind === 'beefy')!
  await measure('POST Y8 user-deposited (one batch + one estimate)', {
    url: `${snapshot.url}/yield/${vault.address}/call/user-deposited`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: chain56.accounts[0]!.address, chainId: 56 }),
  })
  console.log(`\n${ratios.join('\n')}`)
  await Promise.all([live.app.close(), snapshot.app.close(), snapshot.refresher?.stop()])
  await benchNodeCost(devnet.manifest)
} finally {
  await devnet.stop()
}
