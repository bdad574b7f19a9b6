import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChain } from '../../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../../test/nodeProxy.js'
import { requestScope } from './requestScope.js'
import { RpcPool } from './RpcPool.js'

const CHAIN = 56
/** The proxy's limit, as a provider's plan: calls per second. */
const LIMIT = 10

function pool(url: string, callsPerSecond?: number): RpcPool {
  return new RpcPool({
    chainId: CHAIN,
    urls: [url],
    attemptTimeoutMs: 5_000,
    passes: 1,
    backgroundBudgetMs: 10_000,
    maxLagBlocks: 8,
    probeIntervalMs: 5_000,
    ...(callsPerSecond !== undefined && { callsPerSecond }),
  })
}

/** 30 eth_blockNumber calls, six at a time (one JSON-RPC batch each); how many were answered. */
async function thirtyCalls(rpc: RpcPool): Promise<number> {
  let answered = 0
  for (let round = 0; round < 5; round++) {
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => rpc.call({ method: 'eth_blockNumber' }, requestScope(10_000))))
    answered += outcomes.filter((outcome) => outcome.status === 'fulfilled').length
  }
  return answered
}

describe('a node with a request budget (a real proxy that answers 429 past its calls per second)', () => {
  let proxy: NodeProxy
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl, { callsPerSecond: LIMIT })
  })
  afterAll(() => proxy?.close())

  it('keeps within the budget it is given and every call is answered; without one, the same calls meet the limit', async () => {
    expect(await thirtyCalls(pool(proxy.url, 8))).toBe(30)
    expect(proxy.rateLimited()).toBe(0)
    // The proxy's window empties before the unbudgeted pool asks.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    proxy.reset()
    await thirtyCalls(pool(proxy.url))
    expect(proxy.rateLimited()).toBeGreaterThan(0)
  }, 30_000)
})
