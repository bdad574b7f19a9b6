import { toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { capturedLog } from '../../test/capturedLog.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { stakeableOf, stakeOn, stakingPoolsOf, type StakingPoolRef } from '../../test/stakers.js'
import { createChainClients, rpcOptionsOf, type ChainClient } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry } from '../registry/index.js'
import { IndexStore, migrate, openSqlClient, type SqlClient } from '../store/index.js'
import { ChainIndexer } from './ChainIndexer.js'
import { followedContracts } from './followedContracts.js'

const CHAIN = 31_409
/** A finality depth small enough for a test to reorganize past it. */
const DEPTH = 4n

/**
 * The finality depth on a chain of its own: the block hashes kept for reorg checks stop at it; a
 * reorg within it is a warning; one deeper is logged as an incident, and the range it affected is
 * indexed again, so the store ends as the chain is.
 */
describe('the event index and its finality depth', () => {
  let own: OwnChain
  let chain: ChainClient
  let sql: SqlClient
  let store: IndexStore
  let indexer: ChainIndexer
  let pool: StakingPoolRef
  const { log, lines } = capturedLog()
  const head = () => own.client.getBlockNumber({ cacheTime: 0 })
  /** The index through the head, checked against the node first. */
  const caughtUp = async () => expect(await indexer.reach(await head(), 60_000)).toBe(true)
  const stake = async () => stakeOn(own, 5, pool, (await stakeableOf(own, 5, pool.stakingToken)) / 10n)
  const storedTx = async (txHash: string) => (await store.events(CHAIN)).some((event) => event.txHash === txHash)

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    chain = createChainClients([own.chainConfig], rpcOptionsOf(loadConfig({}))).get(CHAIN)!
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new IndexStore(sql)
    pool = stakingPoolsOf(own.manifest).find((candidate) => candidate.kind === 'masterchef')!
    indexer = new ChainIndexer({
      chain,
      contracts: followedContracts(buildRegistry(own.registry).chains.get(CHAIN)!),
      store,
      owner: 'finality',
      leaseTtlMs: 10_000,
      pollIntervalMs: 100,
      maxRangeBlocks: 10_000n,
      finalityDepth: DEPTH,
      log,
    })
    indexer.start()
    await caughtUp()
  }, 60_000)
  afterAll(async () => {
    await indexer?.stop()
    chain?.rpc.close()
    await sql?.close()
    await own?.stop()
  })

  it('keeps the hashes of blocks without events only within the finality depth', async () => {
    for (let block = 0; block < 6; block++) {
      await own.mine(1)
      await caughtUp()
    }
    const top = await head()
    const eventBlocks = new Set((await store.events(CHAIN)).map((event) => event.blockNumber))
    const stored = await store.blocksBelow(CHAIN, top + 1n, 10_000)
    const checkpointsBelow = stored.filter((block) => block.number < top - DEPTH && !eventBlocks.has(block.number))
    expect(checkpointsBelow).toEqual([])
    expect(stored.filter((block) => block.number >= top - DEPTH).length).toBeGreaterThan(1)
  })

  it('a reorg within the depth is a warning, and what it orphaned leaves the store', async () => {
    const receipt = await stake()
    await own.mine(1)
    await caughtUp()
    expect(await storedTx(receipt.transactionHash)).toBe(true)
    await own.client.request({ method: 'anvil_reorg', params: [3, []] } as never)
    await caughtUp()
    expect(await storedTx(receipt.transactionHash)).toBe(false)
    expect(lines.some((line) => line.level === 40 && line.msg.includes('reorg below block'))).toBe(true)
    expect(lines.some((line) => line.msg.includes('incident'))).toBe(false)
  })

  it('a reorg deeper than the depth is logged as an incident, and the range it affected is indexed again as the chain now is', async () => {
    const orphaned = await stake()
    await own.client.request({ method: 'anvil_mine', params: [toHex(Number(DEPTH) + 3)] } as never)
    await caughtUp()
    expect(await storedTx(orphaned.transactionHash)).toBe(true)
    const depth = Number((await head()) - orphaned.blockNumber) + 1
    expect(BigInt(depth)).toBeGreaterThan(DEPTH)
    await own.client.request({ method: 'anvil_reorg', params: [depth, []] } as never)
    // The new branch carries a stake of its own, in place of the orphaned one.
    const replacing = await stake()
    await caughtUp()
    expect(await storedTx(orphaned.transactionHash)).toBe(false)
    expect(await storedTx(replacing.transactionHash)).toBe(true)
    const incident = lines.find((line) => line.msg.includes('incident'))
    expect(incident?.level).toBe(50)
    expect(incident?.msg).toContain(`a reorg deeper than the finality depth of ${DEPTH} blocks`)
    // Every stored block at or above the orphaned height is the new branch's.
    for (const stored of await store.blocksBelow(CHAIN, (await head()) + 1n, 10_000)) {
      if (stored.number < orphaned.blockNumber) break
      expect(stored.hash, `block ${stored.number}`).toBe((await own.client.getBlock({ blockNumber: stored.number })).hash)
    }
  })
})
