import { pino } from 'pino'
import { getAddress, type Hex } from 'viem'
import { rewardPoolAbi } from '../../contracts/artifacts/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeProxy, type NodeProxy, type RpcCall } from '../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { userLogsOnChain } from '../../test/userLogsOnChain.js'
import { stakeableOf, stakersOnChain, stakeOn, stakingPoolsOf } from '../../test/stakers.js'
import { createChainClients, rpcOptionsOf, type ChainClient } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry, type ChainRegistry } from '../registry/index.js'
import { IndexStore, migrate, openSqlClient, type SqlClient } from '../store/index.js'
import { ChainIndexer } from './ChainIndexer.js'
import { followedContracts } from './followedContracts.js'
import type { IndexProgress } from './progress.js'

const CHAIN = 31_401
/** The proxy's node refuses `eth_getLogs` over more blocks than this, as providers do. */
const NODE_RANGE_LIMIT = 40n
/** ... and answers of more logs than this. */
const NODE_RESULT_LIMIT = 5

let own: OwnChain
let proxy: NodeProxy
let chain: ChainClient
let registry: ChainRegistry
let sql: SqlClient
let store: IndexStore
const stopAfter: (() => Promise<void>)[] = []

/** A range limit and a result limit as real nodes answer them, counting what was refused. */
const refusals = { ranges: new Set<string>(), results: 0 }
function limitedGetLogs(call: RpcCall) {
  if (call.method !== 'eth_getLogs') return undefined
  const filter = call.params?.[0] as { fromBlock: Hex; toBlock: Hex }
  if (BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > NODE_RANGE_LIMIT) {
    // A pass asks with several filters: its ranges count once.
    refusals.ranges.add(`${filter.fromBlock}-${filter.toBlock}`)
    return { rpcError: { code: -32602, message: `eth_getLogs is limited to a ${NODE_RANGE_LIMIT} range` } }
  }
  return {
    refuseAnswer: (result: unknown) => {
      if ((result as unknown[]).length <= NODE_RESULT_LIMIT) return undefined
      refusals.results++
      return { code: -32005, message: `query returned more than ${NODE_RESULT_LIMIT} results` }
    },
  }
}

function indexer(owner: string, leaseTtlMs = 10_000, onProgress?: (progress: IndexProgress) => void, into = store): ChainIndexer {
  const created = new ChainIndexer({
    onProgress,
    chain,
    contracts: followedContracts(registry),
    store: into,
    owner,
    leaseTtlMs,
    pollIntervalMs: 200,
    maxRangeBlocks: 10_000n,
    finalityDepth: 30n,
    log: pino({ level: process.env.TEST_LOG ?? 'silent' }),
  })
  stopAfter.push(() => created.stop())
  return created
}

async function head(): Promise<bigint> {
  return own.client.getBlockNumber({ cacheTime: 0 })
}

async function storedLogs(from = store): Promise<string[]> {
  return (await from.events(CHAIN)).map((event) => `${event.blockNumber}:${event.logIndex}`)
}

describe('ChainIndexer on a node that limits eth_getLogs', () => {
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    proxy = await nodeProxy(own.manifest.rpcUrl, { call: limitedGetLogs })
    chain = createChainClients([{ ...own.chainConfig, rpcUrls: [proxy.url] }], rpcOptionsOf(loadConfig({}))).get(CHAIN)!
    registry = buildRegistry(own.registry, 'own registry').chains.get(CHAIN)!
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new IndexStore(sql)
  }, 120_000)
  afterAll(async () => {
    for (const stop of stopAfter) await stop()
    chain?.rpc.close()
    await sql?.close()
    await proxy?.close()
    await own?.stop()
  })

  it('backfills every followed contract from the block it was deployed in, within the node limits, and counts stakers as the chain does', async () => {
    const families = stakingPoolsOf(own.manifest).filter((target) => target.kind !== 'reference')
    // More stakers than the demo's one, and one who leaves again.
    for (const target of families) {
      await stakeOn(own, 1, target, await stakeableOf(own, 1, target.stakingToken))
      const amount = await stakeableOf(own, 2, target.stakingToken)
      await stakeOn(own, 2, target, amount)
      await stakeOn(own, 2, target, amount, true)
    }
    const target = await head()
    // Stopped halfway through its event backfill, then started again: it goes on from what it stored.
    let seen: (progress: IndexProgress) => void = () => undefined
    const halfway = new Promise<IndexProgress>((resolve) => {
      seen = (progress) => progress.backfill > 0.3 && progress.backfill < 1 && resolve(progress)
    })
    const stopped = indexer('stopped', 10_000, (progress) => seen(progress))
    stopped.start()
    await halfway
    await stopped.stop()
    const stoppedAt = stopped.progress.indexedBlock!
    // No lookups yet: they are built once, after the backfill.
    expect(await store.indexesBuilt(CHAIN)).toBe(false)
    proxy.reset()
    const first = indexer('backfill')
    first.start()
    expect(await first.reach(target, 60_000)).toBe(true)
    const resumedAt = proxy
      .requests()
      .flat()
      .find((call) => call.method === 'eth_getLogs')!.params![0] as { fromBlock: Hex }
    expect(BigInt(resumedAt.fromBlock)).toBe(stoppedAt + 1n)
    expect(await store.indexesBuilt(CHAIN)).toBe(true)

    // The very logs the node has, each once.
    expect(await storedLogs()).toEqual(await userLogsOnChain(own.client, registry, target))
    // A range past the finality depth (30 blocks) is final: the node is not asked for its last block
    // (unless a log names it: the blocks of logs near the head are checked).
    const calls = proxy.requests().flat()
    const headersAsked = new Set(calls.filter((call) => call.method === 'eth_getBlockByNumber').map((call) => BigInt(call.params![0] as Hex)))
    const eventBlocks = new Set((await store.events(CHAIN)).map((event) => event.blockNumber))
    const finalEnds = calls
      .filter((call) => call.method === 'eth_getLogs')
      .map((call) => BigInt((call.params![0] as { toBlock: Hex }).toBlock))
      .filter((end) => target - end > 30n && !eventBlocks.has(end))
    expect(finalEnds.length).toBeGreaterThan(2)
    expect(finalEnds.filter((end) => headersAsked.has(end))).toEqual([])
    expect((await store.events(CHAIN)).length).toBeGreaterThan(NODE_RESULT_LIMIT * 2)
    // The node refused both ways; the index kept to the range it was told rather than asking too much on every pass.
    expect(refusals.ranges.size).toBeGreaterThan(0)
    expect(refusals.ranges.size).toBeLessThanOrEqual(2)
    expect(refusals.results).toBeGreaterThan(0)
    // Each contract starts where its code appeared, not at block 0.
    for (const contract of await store.contracts(CHAIN)) {
      const code = await own.client.getCode({ address: contract.address, blockNumber: contract.fromBlock })
      const before = await own.client.getCode({ address: contract.address, blockNumber: contract.fromBlock - 1n })
      expect(code?.length ?? 0, contract.address).toBeGreaterThan(2)
      expect(before ?? '0x', contract.address).toBe('0x')
    }

    // Participants of every staking pool of every family, against the contracts' own balances.
    for (const pool of stakingPoolsOf(own.manifest)) {
      const counted = (await store.participants(CHAIN, pool.pool, target)).get(pool.pid) ?? 0
      expect(counted, `${pool.kind} ${pool.pool} pid ${pool.pid}`).toBe(await stakersOnChain(own.client, pool, target))
    }
    for (const pool of families) expect((await store.participants(CHAIN, pool.pool, target)).get(pool.pid), pool.kind).toBeGreaterThanOrEqual(2)
    // The reference pool keeps its own count: the index agrees with it.
    for (const pool of stakingPoolsOf(own.manifest).filter((candidate) => candidate.kind === 'reference')) {
      const info = await own.client.readContract({
        address: pool.pool,
        abi: rewardPoolAbi,
        functionName: 'poolInfo',
        args: [BigInt(pool.pid)],
        blockNumber: target,
      })
      expect(BigInt((await store.participants(CHAIN, pool.pool, target)).get(pool.pid) ?? 0)).toBe(info[5])
    }
    await first.stop()
  }, 120_000)

  it('resumes after a restart from what it stored, and reads blocks whose logs carry no timestamp from their headers', async () => {
    const before = (await store.contracts(CHAIN)).reduce((lowest, contract) => (contract.nextBlock < lowest ? contract.nextBlock : lowest), 2n ** 64n)
    const chef = stakingPoolsOf(own.manifest).find((candidate) => candidate.kind === 'masterchef')!
    const amount = await stakeableOf(own, 3, chef.stakingToken)
    const receipt = await stakeOn(own, 3, chef, amount)
    // A node that does not add `blockTimestamp` to its logs (older geth, erigon).
    proxy.set({
      call: (call) =>
        call.method === 'eth_getLogs'
          ? { rewrite: (logs) => (logs as Record<string, unknown>[]).map(({ blockTimestamp: _, ...log }) => log) }
          : limitedGetLogs(call),
    })
    proxy.reset()
    const second = indexer('restarted')
    second.start()
    expect(await second.reach(await head(), 60_000)).toBe(true)
    const asked = proxy
      .requests()
      .flat()
      .filter((call) => call.method === 'eth_getLogs')
    expect(BigInt((asked[0]!.params![0] as { fromBlock: Hex }).fromBlock)).toBe(before)
    const stake = (await store.events(CHAIN, { contract: chef.pool, fromBlock: receipt.blockNumber })).find((event) => event.txHash === receipt.transactionHash)
    expect(stake).toMatchObject({ action: 'stake', account: getAddress(own.manifest.accounts[3]!.address), pid: chef.pid, amount })
    const [stored] = await store.blocksBelow(CHAIN, receipt.blockNumber + 1n, 1)
    const block = await own.client.getBlock({ blockNumber: receipt.blockNumber })
    expect(stored).toEqual({ number: receipt.blockNumber, hash: block.hash, timestamp: Number(block.timestamp) })
    await second.stop()
    proxy.set({ call: limitedGetLogs })
  }, 120_000)

  it('stores nothing once its lease is taken mid-backfill, a commit under way and the next pass reading, then resumes with every log once', async () => {
    const ownSql = await openSqlClient({ dataDir: 'memory://' })
    stopAfter.push(() => ownSql.close())
    await migrate(ownSql)
    const fresh = new IndexStore(ownSql)
    const target = await head()
    // Another process takes the lease deep in the backfill, where a pass's commit lands while the next pass reads.
    let taken = false
    let take: () => void = () => undefined
    const stolen = new Promise<void>((resolve) => {
      take = () => {
        if (taken) return
        taken = true
        void ownSql.query("update index_leases set owner = 'another', expires_at = expires_at + 600000 where chain_id = $1", [CHAIN]).then(() => resolve())
      }
    })
    const robbed = indexer('robbed', 10_000, (progress) => progress.backfill > 0.3 && progress.backfill < 0.9 && take(), fresh)
    robbed.start()
    await stolen
    // Its commits fail from then on: what is stored stays as it was, short of the head.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const whileTaken = await storedLogs(fresh)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await storedLogs(fresh)).toEqual(whileTaken)
    expect(whileTaken.length).toBeLessThan((await userLogsOnChain(own.client, registry, target)).length)
    // The other process lets go: it takes the lease back and goes on from what the store holds.
    await ownSql.query("delete from index_leases where owner = 'another'")
    expect(await robbed.reach(target, 60_000)).toBe(true)
    expect(await storedLogs(fresh)).toEqual(await userLogsOnChain(own.client, registry, target))
    expect(await fresh.indexesBuilt(CHAIN)).toBe(true)
    await robbed.stop()
  }, 120_000)

  it('lets one process index a chain at a time: a standby follows, and takes over when the holder stops', async () => {
    const holder = indexer('holder', 1_000)
    const standby = indexer('standby', 1_000)
    holder.start()
    await holder.reach(await head(), 30_000)
    standby.start()
    const sr = stakingPoolsOf(own.manifest).find((candidate) => candidate.kind === 'staking-rewards')!
    const staked = await stakeOn(own, 4, sr, await stakeableOf(own, 4, sr.stakingToken))
    // The standby sees the holder's progress, stored, without indexing itself.
    expect(await standby.reach(staked.blockNumber, 30_000)).toBe(true)
    await holder.stop()
    const later = await stakeOn(own, 5, sr, await stakeableOf(own, 5, sr.stakingToken))
    expect(await standby.reach(later.blockNumber, 30_000)).toBe(true)
    const accounts = (await store.events(CHAIN, { contract: sr.pool, fromBlock: staked.blockNumber })).map((event) => event.account)
    expect(accounts).toEqual([getAddress(own.manifest.accounts[4]!.address), getAddress(own.manifest.accounts[5]!.address)])
  }, 120_000)
})
