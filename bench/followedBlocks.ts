/**
 * A new block's cost on a busy chain: chain 56 of the bench's devnet with `registered` vaults and
 * reward pools, mining a block every 0.45 s (BNB Smart Chain's cadence) with TOUCHED of them named
 * by a transaction in each, and a refresher taking a snapshot of every block as soon as it is
 * mined. Per block: the refresher's wall time and its node round trips (counted at a proxy with
 * the node as it is: on loopback); over the run, the refresher's CPU as a share of one core. The
 * refresher is the compiled build's, in this process (its time is what each refresh() takes).
 */
import { existsSync } from 'node:fs'
import { pino } from 'pino'
import { toHex, type Address, type Hex } from 'viem'
import { devnetChains, type DevnetManifest } from '../src/devnet/index.js'
import { nodeProxy } from '../test/nodeProxy.js'
import { registryWith, type ExtraContracts } from '../test/scaledRegistry.js'
import type { Row } from './load.js'

/** A module of the compiled build (npm run bench builds it first), typed as its source. */
async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/src/${path}`, import.meta.url)
  if (!existsSync(url)) throw new Error(`no compiled build at ${url.pathname}: npm run build first (npm run bench does)`)
  return (await import(url.href)) as T
}

const CHAIN = 56
const BLOCK_MS = 450
/** Registered contracts named by a transaction in each block: half vaults, half reward pools. */
const TOUCHED = 10
/** One transfer selector, `transfer(address,uint256)`. */
const TRANSFER = '0xa9059cbb'

/** The row of a `registered` + `registered` registry followed for `seconds` of 0.45 s blocks. */
export async function benchFollowedBlocks(manifest: DevnetManifest, extra: ExtraContracts, registered: number, seconds: number): Promise<Row> {
  const chainManifest = manifest.chains[String(CHAIN)]!
  const rpcUrl = chainManifest.rpcUrl
  const proxy = await nodeProxy(rpcUrl)
  // The refresher as production runs it: the compiled build, as the figures' default config sets it up (startRoles).
  const { createChainClients, rpcOptionsOf, stopChainClients, FactCache } = await built<typeof import('../src/chain/index.js')>('chain/index.js')
  const { loadConfig } = await built<typeof import('../src/config/index.js')>('config/index.js')
  const { buildRegistry } = await built<typeof import('../src/registry/index.js')>('registry/index.js')
  const { Refresher, MemorySnapshotCache, LocalRefreshLock } = await built<typeof import('../src/snapshot/index.js')>('snapshot/index.js')
  const { figureDigest } = await built<typeof import('../src/status/index.js')>('status/index.js')
  const config = loadConfig({ HISTORY_BACKFILL_DAYS: '0' })
  const chainConfig = devnetChains(manifest).find((chain) => chain.chainId === CHAIN)!
  const registryFile = registryWith(manifest, extra, registered)
  const registry = buildRegistry({ ...registryFile, chains: { [String(CHAIN)]: registryFile.chains[String(CHAIN)]! } })
  const chains = createChainClients([{ ...chainConfig, rpcUrls: [proxy.url] }], rpcOptionsOf(config))
  const refresher = new Refresher({
    chains,
    registry,
    facts: new FactCache(),
    cache: new MemorySnapshotCache(),
    lock: new LocalRefreshLock(),
    config: config.snapshot,
    log: pino({ level: 'silent' }),
    figurePolicy: config.figures,
    figuresOf: figureDigest,
  })
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(`${method}: ${body.error.message}`)
    return body.result
  }
  // An unlocked dev account holding the asset: its transfers to a vault or a pool name that contract in their Transfer log.
  const from = chainManifest.accounts[7]!.address
  const touch = (to: Address) =>
    rpc('eth_sendTransaction', [
      { from, to: extra.asset, data: `${TRANSFER}${to.slice(2).padStart(64, '0')}${toHex(1n, { size: 32 }).slice(2)}` as Hex, gas: '0x20000' },
    ])
  try {
    // The first snapshot at the head, as the refresher's tick takes it: the blocks after it follow its changes.
    await refresher.refresh(CHAIN, BigInt((await rpc('eth_blockNumber')) as Hex))
    await refresher.settled()
    await rpc('evm_setAutomine', [false])
    const costs: { ms: number; trips: number }[] = []
    let cpuMicros = 0
    let next = 0
    const startedAt = performance.now()
    while (performance.now() - startedAt < seconds * 1000) {
      const blockAt = performance.now()
      for (let index = 0; index < TOUCHED / 2; index++) {
        await touch(extra.vaults[next % registered]!)
        await touch(extra.pools[next % registered]!)
        next++
      }
      await rpc('evm_mine')
      const head = BigInt((await rpc('eth_blockNumber')) as Hex)
      proxy.reset()
      const cpu = process.cpuUsage()
      const at = performance.now()
      if (!(await refresher.refresh(CHAIN, head))) throw new Error(`no snapshot of block ${head}`)
      costs.push({ ms: performance.now() - at, trips: proxy.sequentialRoundTrips() })
      const used = process.cpuUsage(cpu)
      cpuMicros += used.user + used.system
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, BLOCK_MS - (performance.now() - blockAt))))
    }
    const elapsedMs = performance.now() - startedAt
    const p99 = (values: number[]) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!
    const msP99 = p99(costs.map((cost) => cost.ms))
    const tripsP99 = p99(costs.map((cost) => cost.trips))
    const median = costs.map((cost) => cost.ms).sort((a, b) => a - b)[Math.floor(costs.length / 2)]!
    const core = cpuMicros / 1000 / elapsedMs
    return {
      figure: `a new block's snapshot with ${registered} vaults + ${registered} reward pools (chain ${CHAIN}), a block every 0.45 s, ${TOUCHED} of them touched in each (p99 of ${costs.length} blocks)`,
      value: `${msP99.toFixed(0)} ms (median ${median.toFixed(0)} ms), ${tripsP99} round trips; the refresher ${(core * 100).toFixed(1)} % of a core`,
      ceiling: '— (a budget: a tenth of the block time)',
      ratio: '—',
      target: '≤ 50 ms and ≤ 2 round trips (p99), < 20 % of a core',
      met: msP99 <= 50 && tripsP99 <= 2 && core < 0.2,
      limit: `${msP99.toFixed(0)} ms, ${tripsP99} round trips, ${(core * 100).toFixed(1)} % of a core`,
    }
  } finally {
    await rpc('evm_setAutomine', [true]).catch(() => undefined)
    await refresher.stop()
    stopChainClients(chains)
    await proxy.close()
  }
}
