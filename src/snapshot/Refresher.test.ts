import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain, mine } from '../../test/devnet.js'
import { buildApp } from '../api/index.js'
import type { App } from '../api/index.js'
import { createChainClients, FactCache } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { Metrics } from '../metrics/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry } from '../registry/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../store/index.js'
import { LocalRefreshLock } from './RefreshLock.js'
import { Refresher } from './Refresher.js'
import { MemorySnapshotCache } from './SnapshotCache.js'

const AGGREGATES = (chainId: number) => [
  '/tvl?platform=all',
  `/v2/pools?chain=${chainId}`,
  '/bridges',
  `/tokens?chain=${chainId}`,
  `/tvl/pool/${devnetChain(chainId).rewardPools[0]!.address}?chain=${chainId}`,
  `/tokens/${devnetChain(chainId).rewardPools[0]!.stakingTokens[0]}/staked`,
  `/lp?lptoken=${devnetChain(chainId).pairs[0]!.address}&amount=1000000000000000000`,
]

describe('snapshots kept by the refresher', () => {
  let rpcCalls = 0
  let app: App
  let refresher: Refresher
  let store: SnapshotStore
  const cache = new MemorySnapshotCache()
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', HISTORY_BACKFILL_DAYS: '0' }), rateLimit: { max: 0, windowMs: 60_000 } }
  const chains = createChainClients(devnetChains(devnet()), { timeoutMs: 5_000, retryCount: 0, onRequest: () => rpcCalls++ })
  const registry = buildRegistry(devnetRegistry(devnet()))
  const metrics = new Metrics()

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    const facts = new FactCache()
    const log = pino({ level: 'silent' })
    refresher = new Refresher({
      chains,
      registry,
      facts,
      cache,
      store,
      lock: new LocalRefreshLock(),
      config: { ...config.snapshot, historyIntervalMs: 1_000 },
      log,
      metrics,
    })
    metrics.watchSnapshots([...chains.keys()], (chainId) => cache.latest(chainId))
    app = await buildApp({ config, log, version: 'test', chains, registry, facts, snapshots: cache, store })
    await app.ready()
  }, 60_000)
  afterAll(async () => {
    await refresher.stop()
    await app.close()
    await store.close()
  })

  it('a refresh takes one snapshot per chain, saved to the store with its history', async () => {
    for (const chainId of chains.keys()) expect(await refresher.refresh(chainId)).toBeDefined()
    // Served first; saved and in the history right after, off the snapshot's path.
    await refresher.settled()
    expect(await metrics.registry.getSingleMetricAsString('snapshot_refreshes_total')).toContain('snapshot_refreshes_total{chain="56",outcome="taken"} 1')
    expect(await metrics.registry.getSingleMetricAsString('snapshot_age_seconds')).toMatch(/snapshot_age_seconds\{chain="56"\} [0-9.]+/)
    for (const chainId of chains.keys()) expect(cache.latest(chainId)!.state.blockNumber).toBe(await chains.get(chainId)!.client.getBlockNumber())
    const stored = await store.latestSnapshots()
    expect(stored.map((snapshot) => snapshot.chainId).sort((a, b) => a - b)).toEqual([1, 56, 43114])
    const history = await store.tvlHistory({ from: 0, to: Date.now() })
    expect(history.length).toBeGreaterThanOrEqual(3)
    expect(history.every((point) => point.poolTvl > 0 && point.yieldTvl > 0)).toBe(true)
  })

  it('1000 aggregate requests between two refreshes cost zero RPC calls', async () => {
    rpcCalls = 0
    const urls = AGGREGATES(56)
    for (let index = 0; index < 1000; index++) {
      const response = await app.inject({ method: 'GET', url: urls[index % urls.length]! })
      expect(response.statusCode, urls[index % urls.length]).toBe(200)
      expect(response.headers.age).toMatch(/^[0-9]+$/)
    }
    expect(rpcCalls).toBe(0)
  })

  it("answers carry the snapshot's block; a new block makes a new snapshot", async () => {
    const before = await app.inject({ method: 'GET', url: '/v2/pools?chain=56' })
    expect(before.headers['x-block-number']).toBe(String(cache.latest(56)!.state.blockNumber))
    await mine(56, 2)
    await refresher.refresh(56)
    const after = await app.inject({ method: 'GET', url: '/v2/pools?chain=56' })
    expect(BigInt(after.headers['x-block-number'] as string)).toBe(BigInt(before.headers['x-block-number'] as string) + 2n)
  })

  it("the ended pool's completedAPR comes with the snapshot and was stored for the next start", async () => {
    const list = (await app.inject({ method: 'GET', url: '/v2/pools?chain=56' })).json() as { address: string; completedAPR: Record<string, string> }[]
    const ended = devnetChain(56).rewardPools[2]!
    const completed = list.find((pool) => pool.address === ended.address)!.completedAPR
    expect(Object.keys(completed)).toEqual(ended.pids.map(String))
    const endBlock = cache.latest(56)!.state.rewardPools.get(ended.address)!.endBlock
    expect(await store.lastAprsBefore(56, ended.address, endBlock)).toEqual(completed)
  })

  it('the history endpoints answer from the store', async () => {
    const tvl = await app.inject({ method: 'GET', url: '/tvl/history?platform=pool' })
    expect(tvl.statusCode).toBe(200)
    const points = tvl.json().points as { chainId: number; poolTvl: number; total: number; bridgeTvl?: number }[]
    expect(points.length).toBeGreaterThan(0)
    for (const point of points) {
      expect(point.total).toBe(point.poolTvl)
      expect(point.bridgeTvl).toBeUndefined()
    }
    const pool = devnetChain(56).rewardPools[0]!.address
    const apr = await app.inject({ method: 'GET', url: `/v2/pools/${pool}/apr-history?chain=56&from=0` })
    expect(apr.statusCode).toBe(200)
    const aprPoints = apr.json().points as { pid: number; blockNumber: string; apr: number }[]
    expect(aprPoints.length).toBeGreaterThan(0)
    // The history is a fraction a year; the store keeps E2's apr of that block (the seed's field, percent): the same figure over 100.
    const stored = await store.aprHistory({ chainId: 56, pool, from: 0, to: Number.MAX_SAFE_INTEGER })
    expect(stored.length).toBe(aprPoints.length)
    stored.forEach((row, index) => {
      expect(aprPoints[index]).toMatchObject({ pid: row.pid, blockNumber: row.blockNumber.toString() })
      expect(aprPoints[index]!.apr).toBe(row.apr / 100)
    })
    expect(stored.some((row) => row.apr > 1)).toBe(true)
    const bad = await app.inject({ method: 'GET', url: '/tvl/history?platform=all&from=yesterday' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('how often a snapshot is saved to the store', () => {
  const config = loadConfig({ LOG_LEVEL: 'silent', HISTORY_BACKFILL_DAYS: '0' })
  const chains = () =>
    createChainClients(
      devnetChains(devnet()).filter((chain) => chain.chainId === 56),
      { timeoutMs: 5_000, retryCount: 0 },
    )
  async function refresherWithStore(storeIsFollowed: boolean) {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    const store = new SnapshotStore(sql)
    const refresher = new Refresher({
      chains: chains(),
      registry: buildRegistry(devnetRegistry(devnet())),
      facts: new FactCache(),
      cache: new MemorySnapshotCache(),
      store,
      lock: new LocalRefreshLock(),
      config: config.snapshot,
      log: pino({ level: 'silent' }),
      storeIsFollowed,
    })
    const storedBlock = async () => (await store.latestSnapshots())[0]?.state.blockNumber
    /** Two snapshots a block apart: the blocks of the two. */
    const twoSnapshots = async () => {
      const first = (await refresher.refresh(56))!.state.blockNumber
      await mine(56, 1)
      const second = (await refresher.refresh(56))!.state.blockNumber
      await refresher.settled()
      expect(second).toBeGreaterThan(first)
      return [first, second] as const
    }
    return { refresher, store, storedBlock, twoSnapshots }
  }

  it('a restart copy (Redis carries snapshots to the replicas): the first at once, then once a minute, and the latest on stop', async () => {
    expect(config.snapshot.saveIntervalSeconds).toBe(60)
    const { refresher, store, storedBlock, twoSnapshots } = await refresherWithStore(false)
    const [first, second] = await twoSnapshots()
    expect(await storedBlock()).toBe(first)
    await refresher.stop()
    expect(await storedBlock()).toBe(second)
    await store.close()
  })

  it('every snapshot when api replicas follow the store (PostgreSQL without Redis)', async () => {
    const { refresher, store, storedBlock, twoSnapshots } = await refresherWithStore(true)
    const [, second] = await twoSnapshots()
    expect(await storedBlock()).toBe(second)
    await refresher.stop()
    await store.close()
  })
})
