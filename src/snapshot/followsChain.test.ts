import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from '../../test/app.js'
import { nodeErrors, nodeProxy, onMethod, type NodeProxy } from '../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { refresherApp, type RefresherApp } from '../../test/refresherApp.js'
import { IndexStore, migrate, openSqlClient } from '../store/index.js'

const CHAIN = 31_472
/** The refresher's poll, ms. */
const POLL_MS = 500

type Pool = { chaindata: { stakingPools: { participants: string | null; participantsNote?: string }[] } }

/** Resolves once `check` holds, polling every 100 ms; fails after `timeoutMs` naming `what`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) expect.fail(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * The snapshots follow the chain and the index between blocks: on a chain that makes no block
 * (anvil mines on transactions only), an answer taken while the event index was being built is
 * taken again once the index is ready, and after a rollback no answer names a block the chain no
 * longer has for longer than a poll.
 */
describe('snapshots that follow the chain between its blocks', () => {
  let own: OwnChain
  let proxy: NodeProxy
  let service: RefresherApp

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    // The index's eth_getLogs refused until the test lets it through: it stays being built.
    proxy = await nodeProxy(own.manifest.rpcUrl, { call: onMethod('eth_getLogs', nodeErrors.limitExceeded) })
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    service = await refresherApp({
      chains: [{ ...own.chainConfig, rpcUrls: [proxy.url] }],
      // Its reward pools without its vaults: the index's APY bases, which also make a block be taken again, are not in play.
      registry: { ...own.registry, chains: { [CHAIN]: { ...own.registry.chains[CHAIN]!, vaults: [] } } },
      index: new IndexStore(sql),
      env: { SNAPSHOT_REFRESH_MS: String(POLL_MS) },
    })
    service.refresher.start()
  }, 60_000)
  afterAll(async () => {
    await service?.close()
    await proxy?.close()
    await own?.stop()
  })

  const participants = async () => {
    const { body } = await get(service.app, `/v2/pools?chain=${CHAIN}`)
    return (body as Pool[]).flatMap((pool) => pool.chaindata.stakingPools.map((staking) => staking.participants))
  }

  it('takes an answer made while the index was being built again once the index is ready, at the same block', async () => {
    await until('a first snapshot', () => service.cache.latest(CHAIN) !== undefined, 20_000)
    const first = service.cache.latest(CHAIN)!
    expect(first.index?.indexesBuilt, 'taken while the index is being built').toBe(false)
    expect(await participants()).toContain(null)
    proxy.set()
    await until('the stakers counted', async () => !(await participants()).includes(null), 15_000)
    // No block was made meanwhile: the same block, taken again.
    expect(service.cache.latest(CHAIN)!.state.blockNumber).toBe(first.state.blockNumber)
    expect(await own.client.getBlockNumber({ cacheTime: 0 })).toBe(first.state.blockNumber)
  }, 60_000)

  it('after a rollback, names no block beyond the head for longer than a poll', async () => {
    await own.mine(3)
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    await until('a snapshot at the head', () => service.cache.latest(CHAIN)?.state.blockNumber === head, 10_000)
    await own.client.request({ method: 'anvil_rollback', params: [2] } as never)
    const shorter = await own.client.getBlockNumber({ cacheTime: 0 })
    expect(shorter).toBe(head - 2n)
    // A poll to see the head, one to take the snapshot: within two polls and the snapshot's time.
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS + 1_000))
    const { headers } = await get(service.app, `/v2/pools?chain=${CHAIN}`)
    expect(BigInt(String(headers['x-block-number']))).toBeLessThanOrEqual(shorter)
  }, 60_000)
})
