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

/** `count` calls of `method`, six at a time (one JSON-RPC batch each); how many were answered. */
async function calls(rpc: RpcPool, count: number, method = 'eth_blockNumber'): Promise<number> {
  let answered = 0
  for (let sent = 0; sent < count; sent += 6) {
    const round = Array.from({ length: Math.min(6, count - sent) }, () => rpc.call({ method }, requestScope(10_000)))
    answered += (await Promise.allSettled(round)).filter((outcome) => outcome.status === 'fulfilled').length
  }
  return answered
}

/** Until the proxy's window of calls is empty: one test's calls do not count against the next. */
const windowPassed = () => new Promise((resolve) => setTimeout(resolve, 1_100))

describe('a node with a request budget (a real proxy that answers 429 past its calls per second)', () => {
  let proxy: NodeProxy
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl, { callsPerSecond: LIMIT })
  })
  afterAll(() => proxy?.close())

  it('keeps within the budget it is given and every call is answered; without one, the same calls meet the limit', async () => {
    expect(await calls(pool(proxy.url, 8), 30)).toBe(30)
    expect(proxy.rateLimited()).toBe(0)
    await windowPassed()
    proxy.reset()
    await calls(pool(proxy.url), 30)
    expect(proxy.rateLimited()).toBeGreaterThan(0)
  }, 30_000)

  it('counts a call until a second after its answer: a request the provider counted late does not push the next past its limit', async () => {
    // The first calls wait 300 ms in the provider's queue before its limit counts them; the next do not.
    await windowPassed()
    proxy.set({ callsPerSecond: LIMIT, queueMs: (sent) => (sent.some((call) => call.method === 'eth_chainId') ? 300 : 0) })
    proxy.reset()
    const rpc = pool(proxy.url, LIMIT)
    expect(await calls(rpc, LIMIT, 'eth_chainId')).toBe(LIMIT)
    // Counted from when they were sent, these would leave 1 s after that and meet the provider's window, still full until 1.3 s.
    expect(await calls(rpc, LIMIT)).toBe(LIMIT)
    expect(proxy.rateLimited()).toBe(0)
  }, 30_000)
})
