import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aprsFromChain } from '../../test/aprsFromChain.js'
import { nodeErrors, nodeProxy, onMethod, type NodeProxy } from '../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { refresherApp } from '../../test/refresherApp.js'
import { buildApp } from '../api/index.js'
import { multicall3DeployedBytecode } from '../../contracts/artifacts/index.js'
import { createChainClients, FactCache, MULTICALL3_ADDRESS, rpcOptionsOf } from '../chain/index.js'
import { decodeSnapshot, encodeSnapshot } from '../chain-snapshot/index.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry } from '../registry/index.js'
import { MemorySnapshotCache } from '../snapshot/index.js'
import { startAnvil } from '../devnet/index.js'
import { WINDOW_BLOCKS } from './BlockClock.js'

/** A chain id the service knows nothing of: no default block time, so only a measurement gives one. */
const CHAIN = 777
const ACTIVE = [0, 1]

type PoolBody = {
  address: string
  chaindata: { startBlock: string; endBlock: string; farmingPeriod: string; stakingPools: { apr: number; aprNote?: string }[] }
  startBlockDuration: number
  endBlockDuration: number
  durationNote?: string
}

describe('block times measured from the chain', () => {
  let own: OwnChain
  let proxy: NodeProxy
  const registry = () => buildRegistry(own.registry).chains.get(CHAIN)!

  /** E2 of a fresh refresher (fresh chain clients: nothing measured before) after one snapshot. */
  async function poolsAfterRefresh(blockTimeSeconds?: number) {
    const chainConfig = { ...own.chainConfig, rpcUrls: [proxy.url], ...(blockTimeSeconds !== undefined && { blockTimeSeconds }) }
    const service = await refresherApp({ chains: [chainConfig], registry: own.registry })
    try {
      const snapshot = await service.refresher.refresh(CHAIN)
      expect(snapshot).toBeDefined()
      const response = await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      expect(response.statusCode).toBe(200)
      return { snapshot: snapshot!, pools: response.json() as PoolBody[] }
    } finally {
      await service.close()
    }
  }

  /** Checks E2's APRs, durations and farming period against the test's own computation with `seconds` per block. */
  async function expectBlockTime(pools: PoolBody[], blockNumber: bigint, seconds: number) {
    for (const index of ACTIVE) {
      const pool = pools.find((entry) => entry.address === own.manifest.rewardPools[index]!.address)!
      const expected = await aprsFromChain(CHAIN, registry(), {
        pool: pool.address as `0x${string}`,
        blockNumber,
        blockTimeSeconds: seconds,
        client: own.client,
      })
      pool.chaindata.stakingPools.forEach((staking, pid) => {
        expect(staking.apr).toBeGreaterThan(0)
        expect(Math.abs(staking.apr - expected[pid]!)).toBeLessThanOrEqual(expected[pid]! * 1e-9)
      })
      expect(pool.endBlockDuration).toBe(Math.round(Number(BigInt(pool.chaindata.endBlock) - blockNumber) * seconds))
      const days = (Number(BigInt(pool.chaindata.endBlock) - BigInt(pool.chaindata.startBlock)) * seconds) / 86_400
      expect(pool.chaindata.farmingPeriod).toBe(String(Math.round(days * 100) / 100))
      expect(pool.durationNote).toBeUndefined()
    }
  }

  /** Mines `blocks` blocks `seconds` apart, then re-posts the feeds (the clock jumped past their heartbeat). */
  async function mineAt(seconds: number, blocks: number) {
    await own.setBlockInterval(seconds)
    await own.mine(blocks)
    await own.refreshFeeds()
  }

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    proxy = await nodeProxy(own.manifest.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    await proxy?.close()
    await own?.stop()
  })

  it('before any measurement, an unknown chain has no APR and no durations, and says so', async () => {
    proxy.set({ call: onMethod('eth_getBlockByNumber', nodeErrors.headerNotFound) })
    try {
      const { snapshot, pools } = await poolsAfterRefresh()
      expect(snapshot.blockTime).toBeUndefined()
      const note = `chain ${CHAIN}'s block time is not known yet: it has not been measured from the chain and BLOCK_TIME_${CHAIN} is not set`
      for (const index of ACTIVE) {
        const pool = pools.find((entry) => entry.address === own.manifest.rewardPools[index]!.address)!
        for (const staking of pool.chaindata.stakingPools) expect(staking).toMatchObject({ apr: 0, aprNote: note })
        expect(pool).toMatchObject({ endBlockDuration: 0, durationNote: note })
      }
    } finally {
      proxy.set()
    }
  })

  it('APR, durations and farmingPeriod follow the measured block time, the headers read in one batch', async () => {
    await mineAt(5, Number(WINDOW_BLOCKS) + 44)
    proxy.reset()
    const { snapshot, pools } = await poolsAfterRefresh()
    expect(snapshot.blockTime).toEqual({ seconds: 5, source: 'measured' })
    expect(proxy.methods().eth_getBlockByNumber).toBeGreaterThan(1)
    expect(proxy.roundTrips()).toBeLessThan(proxy.methods().eth_getBlockByNumber!)
    await expectBlockTime(pools, snapshot.state.blockNumber, 5)
  })

  it('when the chain slows down, snapshot after snapshot, the APR halves and the durations double', async () => {
    const chainConfig = { ...own.chainConfig, rpcUrls: [proxy.url] }
    const service = await refresherApp({ chains: [chainConfig], registry: own.registry })
    try {
      const before = await service.refresher.refresh(CHAIN)
      expect(before!.blockTime).toEqual({ seconds: 5, source: 'measured' })
      const aprBefore = ((await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })).json() as PoolBody[])[0]!.chaindata.stakingPools[0]!.apr
      for (let step = 0; step < 3; step++) {
        await mineAt(10, 100)
        await service.refresher.refresh(CHAIN)
      }
      const after = service.cache.latest(CHAIN)!
      expect(after.blockTime).toEqual({ seconds: 10, source: 'measured' })
      const response = await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      const pools = response.json() as PoolBody[]
      await expectBlockTime(pools, after.state.blockNumber, 10)
      expect(pools[0]!.chaindata.stakingPools[0]!.apr / aprBefore).toBeCloseTo(0.5, 9)

      // An api replica gets the snapshot through Redis or the store (its text form) and reads no chain:
      // its chain's only node is a closed port. It answers with the refresher's block time.
      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), rateLimit: { max: 0, windowMs: 60_000 } }
      const replicaCache = new MemorySnapshotCache()
      await replicaCache.publish(decodeSnapshot(encodeSnapshot(after)))
      const replica = await buildApp({
        config,
        log: pino({ level: 'silent' }),
        version: 'test',
        chains: createChainClients([{ ...own.chainConfig, rpcUrls: ['http://127.0.0.1:9'] }], rpcOptionsOf(config)),
        registry: buildRegistry(own.registry),
        facts: new FactCache(),
        snapshots: replicaCache,
      })
      const fromReplica = await replica.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      await replica.close()
      expect(fromReplica.statusCode).toBe(200)
      expect(fromReplica.json()).toEqual(pools)
    } finally {
      await service.close()
    }
  })

  it('BLOCK_TIME_<id> overrides the measurement, and then no header is read', async () => {
    proxy.reset()
    const { snapshot, pools } = await poolsAfterRefresh(3)
    expect(snapshot.blockTime).toEqual({ seconds: 3, source: 'override' })
    // The only header read is the chain's first block, once: whether an APY window reaches back before it.
    const headers =
      proxy.calls().length === 0
        ? []
        : proxy
            .requests()
            .flat()
            .filter((call) => call.method === 'eth_getBlockByNumber')
    expect(headers.map((call) => call.params?.[0])).toEqual(headers.length === 0 ? [] : ['0x0'])
    await expectBlockTime(pools, snapshot.state.blockNumber, 3)
  })
})

describe('a young chain', () => {
  it("of 100 blocks 2 s apart reports its own 2 s in /status, not the known chain's default", async () => {
    // BNB Smart Chain's id: a chain the service knows, whose default (0.45 s) would stand without a measurement.
    const anvil = await startAnvil(56, 1)
    try {
      const rpc = (method: string, params: unknown[]) =>
        fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
      // Multicall3, as every real chain has it, and 100 blocks 2 s apart.
      await rpc('anvil_setCode', [MULTICALL3_ADDRESS, multicall3DeployedBytecode])
      await rpc('anvil_mine', ['0x64', '0x2'])
      const service = await refresherApp({
        chains: [{ chainId: 56, name: 'young chain', rpcUrls: [anvil.rpcUrl], wrappedNative: '0x0000000000000000000000000000000000000001' }],
        registry: { chains: { '56': { tokens: [] } } },
      })
      try {
        const snapshot = await service.refresher.refresh(56)
        expect(snapshot!.state.blockNumber).toBe(100n)
        const status = (await service.app.inject({ method: 'GET', url: '/status' })).json() as { chains: { chainId: number; blockTime: unknown }[] }
        expect(status.chains).toMatchObject([{ chainId: 56, blockTime: { seconds: 2, source: 'measured' } }])
      } finally {
        await service.close()
      }
    } finally {
      await anvil.stop()
    }
  })
})
