import { createPublicClient, custom } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeProxy } from '../../test/nodeProxy.js'
import { proxiedDevnetChain } from '../../test/proxiedDevnetChain.js'
import type { ChainClient } from './createChainClients.js'
import { requestScope } from './rpc/requestScope.js'

const CHAIN = 56

describe("a chain client's viem client", () => {
  let proxy: NodeProxy
  let chain: ChainClient
  beforeAll(async () => {
    ;({ proxy, chain } = await proxiedDevnetChain(CHAIN))
  })
  afterAll(() => proxy.close())

  it("is viem's public client: the same actions and fields as createPublicClient's over the same transport", () => {
    const ours = chain.within(requestScope(5_000)).client
    const theirs = createPublicClient({
      chain: ours.chain,
      transport: custom({ request: chain.request }, { retryCount: 0 }),
      batch: { multicall: false },
      cacheTime: 0,
    })
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort())
    for (const key of Object.keys(theirs) as (keyof typeof theirs)[]) expect(typeof ours[key], key).toBe(typeof theirs[key])
    expect([ours.type, ours.key, ours.name, ours.cacheTime]).toEqual([theirs.type, theirs.key, theirs.name, theirs.cacheTime])
  })

  it("each request's client asks the node through the pool, its actions bound to it", async () => {
    const head = await chain.client.getBlockNumber()
    proxy.reset()
    const client = chain.within(requestScope(5_000)).client
    const [block, again] = await Promise.all([client.getBlock({ blockNumber: head }), client.getBlockNumber({ cacheTime: 0 })])
    expect(block.number).toBe(head)
    expect(again).toBeGreaterThanOrEqual(head)
    // Both calls of one turn travel in one batch, as every call of a request's scope does.
    expect(proxy.roundTrips()).toBe(1)
    expect(proxy.methods()).toEqual({ eth_getBlockByNumber: 1, eth_blockNumber: 1 })
  })
})
