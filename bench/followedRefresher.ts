/**
 * The refresher of followedBlocks.ts, in a process of its own under the V8 flags production gives
 * a refresher (v8FlagsOf('refresher')), running the compiled build: it is sent a FollowInput,
 * follows the chain, and sends back its FollowCosts.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { toHex, type Address, type Hex } from 'viem'
import { devnetChains, type DevnetManifest } from '../src/devnet/index.js'
import { postgresSchema } from '../test/processes.js'
import { registryWith, type ExtraContracts } from '../test/scaledRegistry.js'
import { deleteKeysUnder } from './redisKeys.js'
import type { RpcObserver } from '../src/chain/index.js'

/** A module of the compiled build (npm run bench builds it first), typed as its source. */
async function built<T>(path: string): Promise<T> {
  const url = new URL(`../dist/src/${path}`, import.meta.url)
  if (!existsSync(url)) throw new Error(`no compiled build at ${url.pathname}: npm run build first (npm run bench does)`)
  return (await import(url.href)) as T
}

export const CHAIN = 56
const BLOCK_MS = 450
/** Registered contracts named by a transaction in each block: half vaults, half reward pools. */
export const TOUCHED = 10
/** One transfer selector, `transfer(address,uint256)`. */
const TRANSFER = '0xa9059cbb'

/** What the parent asks of this process. */
export interface FollowInput {
  manifest: DevnetManifest
  extra: ExtraContracts
  registered: number
  seconds: number
  /**
   * Production's shape: each snapshot published to Redis (what the replicas read) and kept in
   * PostgreSQL (a schema of its own), as a refresher with REDIS_URL and DATABASE_URL does. Without
   * it, the snapshots stay in the process's memory (the refresher's own work alone).
   */
  stores?: { databaseUrl: string; redisUrl: string }
}

/** What it measured: each followed block's wall time, round trips, time waiting on the node and CPU, and the run's wall and CPU time. */
export interface FollowCosts {
  costs: { ms: number; trips: number; nodeMs: number; cpu: number }[]
  elapsedMs: number
  cpuMicros: number
}

/**
 * The node requests of a followed block as the refresher's own client timed them (each HTTP
 * attempt, from its send to its answer read): no proxy in the path, whose own hop added several
 * ms to each round trip that production does not pay.
 */
class BlockRequests implements RpcObserver {
  private spans: { start: number; end: number }[] = []

  attempt(_chainId: number, _endpoint: string, _outcome: string, seconds: number): void {
    const end = performance.now()
    this.spans.push({ start: end - seconds * 1000, end })
  }
  breaker(): void {}
  head(): void {}
  wrongChain(): void {}

  reset(): void {
    this.spans = []
  }

  /** Round trips of latency paid in a row: the longest chain of requests each sent once the one before it was answered. */
  sequential(): number {
    const spans = [...this.spans].sort((a, b) => a.start - b.start)
    const depths: number[] = []
    spans.forEach((span, index) => {
      depths[index] = 1 + Math.max(0, ...spans.slice(0, index).flatMap((before, at) => (before.end <= span.start ? [depths[at]!] : [])))
    })
    return Math.max(0, ...depths)
  }

  /** How long at least one request was waiting on the node, ms. */
  waitingMs(): number {
    let total = 0
    let reached = Number.NEGATIVE_INFINITY
    for (const { start, end } of [...this.spans].sort((a, b) => a.start - b.start)) {
      total += Math.max(0, end - Math.max(start, reached))
      reached = Math.max(reached, end)
    }
    return total
  }
}

/** Follows `registered` + `registered` contracts for `seconds` of 0.45 s blocks (see followedBlocks.ts). */
async function followBlocks({ manifest, extra, registered, seconds, stores }: FollowInput): Promise<FollowCosts> {
  const chainManifest = manifest.chains[String(CHAIN)]!
  const rpcUrl = chainManifest.rpcUrl
  // The refresher as production runs it: main() holds these shapes before anything else, then the
  // compiled build, as the figures' default config sets it up (startRoles).
  const { keepTickShapes } = await built<typeof import('../src/keepTickShapes.js')>('keepTickShapes.js')
  const { keepHttpShapes } = await built<typeof import('../src/keepHttpShapes.js')>('keepHttpShapes.js')
  keepTickShapes()
  await keepHttpShapes()
  const { createChainClients, rpcOptionsOf, stopChainClients, FactCache } = await built<typeof import('../src/chain/index.js')>('chain/index.js')
  const { loadConfig } = await built<typeof import('../src/config/index.js')>('config/index.js')
  const { buildRegistry } = await built<typeof import('../src/registry/index.js')>('registry/index.js')
  const { Refresher, MemorySnapshotCache, RedisSnapshotCache, LocalRefreshLock } = await built<typeof import('../src/snapshot/index.js')>('snapshot/index.js')
  const { migrate, openSqlClient, SnapshotStore } = await built<typeof import('../src/store/index.js')>('store/index.js')
  const { figureDigest } = await built<typeof import('../src/status/index.js')>('status/index.js')
  const config = loadConfig({ HISTORY_BACKFILL_DAYS: '0' })
  const chainConfig = devnetChains(manifest).find((chain) => chain.chainId === CHAIN)!
  const registryFile = registryWith(manifest, extra, registered)
  const registry = buildRegistry({ ...registryFile, chains: { [String(CHAIN)]: registryFile.chains[String(CHAIN)]! } })
  const requests = new BlockRequests()
  const chains = createChainClients([{ ...chainConfig, rpcUrls: [rpcUrl] }], { ...rpcOptionsOf(config), observer: requests })
  const log = pino({ level: 'silent' })
  const schema = stores && (await postgresSchema(stores.databaseUrl))
  const sql = schema && (await openSqlClient({ databaseUrl: schema.url, dataDir: 'unused' }))
  if (sql) await migrate(sql)
  const redis = stores && new Redis(stores.redisUrl)
  const prefix = `bench-follow-${randomUUID()}:`
  const cache = redis ? await RedisSnapshotCache.open(redis, redis.duplicate(), prefix, [CHAIN], log) : new MemorySnapshotCache()
  const refresher = new Refresher({
    chains,
    registry,
    facts: new FactCache(),
    cache,
    ...(sql && { store: new SnapshotStore(sql) }),
    lock: new LocalRefreshLock(),
    config: config.snapshot,
    log,
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
    const costs: FollowCosts['costs'] = []
    let next = 0
    // The process's CPU over the run, not only refresh()'s: a snapshot's save and history point run after it returns (SnapshotSaver), its whole text is written between blocks (RedisSnapshotCache), and the bench's own transactions count too.
    const cpuAtStart = process.cpuUsage()
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
      requests.reset()
      const cpu = process.cpuUsage()
      const at = performance.now()
      if (!(await refresher.refresh(CHAIN, head))) throw new Error(`no snapshot of block ${head}`)
      const used = process.cpuUsage(cpu)
      costs.push({ ms: performance.now() - at, trips: requests.sequential(), nodeMs: requests.waitingMs(), cpu: (used.user + used.system) / 1000 })
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, BLOCK_MS - (performance.now() - blockAt))))
    }
    const cpu = process.cpuUsage(cpuAtStart)
    return { costs, elapsedMs: performance.now() - startedAt, cpuMicros: cpu.user + cpu.system }
  } finally {
    await rpc('evm_setAutomine', [true]).catch(() => undefined)
    await refresher.stop()
    await cache.close()
    if (redis) await deleteKeysUnder(redis, prefix)
    redis?.disconnect()
    await sql?.close()
    await schema?.drop()
    stopChainClients(chains)
  }
}

// Only as a forked process (followedBlocks.ts imports its constants).
if (process.send)
  process.once('message', (input: FollowInput) => {
    followBlocks(input).then(
      (costs) => process.send!(costs, () => process.exit(0)),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  })
