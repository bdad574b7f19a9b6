import { indexedOwnChain, type IndexedOwnChain } from '../../test/indexedOwnChain.js'
import { type Address, getAddress, type TransactionReceipt, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../../test/app.js'
import { nodeErrors, nodeProxy, onMethod } from '../../test/nodeProxy.js'
import type { OwnChain } from '../../test/ownChain.js'
import { refresherApp, type RefresherApp } from '../../test/refresherApp.js'
import { stakeableOf, stakersOnChain, stakeOn, stakingPoolsOf, type StakingPoolRef } from '../../test/stakers.js'
import { IndexStore, migrate, openSqlClient } from '../store/index.js'

const CHAIN = 31_402

let chain: IndexedOwnChain
let own: OwnChain
let store: IndexStore
let service: RefresherApp

type Pool = { address: Address; chaindata: { stakingPools: { pid: number; participants: string; participantsNote?: string }[] } }

/** E2's participants of each staking pool of the public families, after a snapshot at the head. */
async function participantsServed(): Promise<Map<string, { participants: string; note?: string }>> {
  await service.refresher.refresh(CHAIN)
  const { status, body } = await get(service.app, `/v2/pools?chain=${CHAIN}`)
  expect(status).toBe(200)
  const served = new Map<string, { participants: string; note?: string }>()
  for (const pool of body as Pool[])
    for (const staking of pool.chaindata.stakingPools)
      served.set(`${pool.address}/${staking.pid}`, { participants: staking.participants, ...(staking.participantsNote && { note: staking.participantsNote }) })
  return served
}

/** Every staking pool's participants in E2 against the oracle: the contracts' own balances of every account their logs name, at the head. */
async function expectParticipantsAsOnChain(pools: readonly StakingPoolRef[]): Promise<Map<string, { participants: string; note?: string }>> {
  const served = await participantsServed()
  const head = await own.client.getBlockNumber({ cacheTime: 0 })
  for (const pool of pools) {
    const key = `${pool.pool}/${pool.pid}`
    expect(served.get(key), `${pool.kind} ${key}`).toEqual({ participants: String(await stakersOnChain(own.client, pool, head)) })
  }
  return served
}

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  return own.client.request({ method, params } as never)
}

describe('the event index under a running service, as the chain reorganizes', () => {
  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN })
    ;({ own, store, service } = chain)
    expect(await service.index!.reach(CHAIN, await own.client.getBlockNumber({ cacheTime: 0 }), 60_000)).toBe(true)
  }, 120_000)
  afterAll(() => chain?.close())

  it('counts participants on every family, and nothing of an orphaned block stays in any answer', async () => {
    const families = stakingPoolsOf(own.manifest).filter((pool) => pool.kind !== 'reference')
    expect(families.length).toBeGreaterThanOrEqual(3)
    const before = await expectParticipantsAsOnChain(families)
    for (const pool of families) expect(Number(before.get(`${pool.pool}/${pool.pid}`)!.participants), pool.kind).toBeGreaterThanOrEqual(1)

    // A new staker in every family, each in a block of its own.
    const staker = getAddress(own.manifest.accounts[6]!.address)
    const stakes: TransactionReceipt[] = []
    for (const pool of families) stakes.push(await stakeOn(own, 6, pool, await stakeableOf(own, 6, pool.stakingToken)))
    const grown = await expectParticipantsAsOnChain(families)
    for (const pool of families) {
      const key = `${pool.pool}/${pool.pid}`
      expect(Number(grown.get(key)!.participants), key).toBe(Number(before.get(key)!.participants) + 1)
    }
    const first = stakes[0]!.blockNumber
    expect((await store.events(CHAIN, { fromBlock: first })).filter((event) => event.account === staker)).toHaveLength(families.length)

    // The chain replaces every block from the first stake on with empty ones (same height).
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    await rpc('anvil_reorg', [Number(head - first + 1n), []])
    const after = await expectParticipantsAsOnChain(families)
    expect(after).toEqual(before)
    const left = await store.events(CHAIN, { fromBlock: first })
    expect(left.filter((event) => stakes.some((stake) => stake.transactionHash === event.txHash))).toEqual([])
    // What is stored of those heights is the new branch's.
    let compared = 0
    for (const stored of await store.blocksBelow(CHAIN, head + 1n, 1_000)) {
      if (stored.number < first) break
      expect(stored.hash, `block ${stored.number}`).toBe((await own.client.getBlock({ blockNumber: stored.number })).hash)
      compared++
    }
    expect(compared).toBeGreaterThan(0)
  }, 120_000)

  it('forgets the blocks of a chain that went back to a shorter one, and indexes what replaces them', async () => {
    const chef = stakingPoolsOf(own.manifest).find((pool) => pool.kind === 'masterchef')!
    const before = await participantsServed()
    const stake = await stakeOn(own, 7, chef, await stakeableOf(own, 7, chef.stakingToken))
    await expectParticipantsAsOnChain([chef])
    await rpc('anvil_rollback', [2])
    await rpc('anvil_mine', [toHex(3)])
    await expectParticipantsAsOnChain([chef])
    expect((await participantsServed()).get(`${chef.pool}/${chef.pid}`)).toEqual(before.get(`${chef.pool}/${chef.pid}`))
    expect((await store.events(CHAIN, { fromBlock: stake.blockNumber })).some((event) => event.txHash === stake.transactionHash)).toBe(false)
  }, 120_000)

  it('says in /status and /metrics how far the index is', async () => {
    await service.refresher.refresh(CHAIN)
    const snapshot = service.cache.latest(CHAIN)!
    const { body } = await get(service.app, '/status')
    const [status] = (body as { chains: { chainId: number; index: unknown }[] }).chains
    expect(status).toMatchObject({
      chainId: CHAIN,
      index: { indexedBlock: String(snapshot.state.blockNumber), head: String(snapshot.index!.head), backfillPercent: 100 },
    })
    expect(snapshot.index!.indexedBlock).toBeGreaterThanOrEqual(snapshot.state.blockNumber)
    const metrics = (await service.app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toContain(`index_block{chain="${CHAIN}"} ${snapshot.index!.indexedBlock}`)
    expect(metrics).toContain(`index_backfill_ratio{chain="${CHAIN}"} 1`)
  })

  it('says the stakers are not counted, without a count, while the index has not reached the block', async () => {
    // A node that refuses every eth_getLogs: the index of this second service never gets anywhere.
    const proxy = await nodeProxy(own.manifest.rpcUrl, { call: onMethod('eth_getLogs', nodeErrors.limitExceeded) })
    const empty = await openSqlClient({ dataDir: 'memory://' })
    await migrate(empty)
    const stuck = await refresherApp({ chains: [{ ...own.chainConfig, rpcUrls: [proxy.url] }], registry: own.registry, index: new IndexStore(empty) })
    try {
      await stuck.refresher.refresh(CHAIN)
      const { body } = await get(stuck.app, `/v2/pools?chain=${CHAIN}`)
      let uncounted = 0
      for (const pool of body as Pool[])
        for (const staking of pool.chaindata.stakingPools) {
          if (stakingPoolsOf(own.manifest).some((ref) => ref.kind === 'reference' && ref.pool === pool.address)) continue
          expect(staking.participants, 'a count not made is null, not "0"').toBeNull()
          expect(staking.participantsNote).toMatch(/^stakers are not counted yet: the event index/)
          uncounted++
        }
      expect(uncounted).toBeGreaterThanOrEqual(3)
    } finally {
      await stuck.close()
      await empty.close()
      await proxy.close()
    }
  }, 60_000)
})
