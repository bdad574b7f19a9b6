import { encodeFunctionData, erc20Abi, parseEther, RpcRequestError, TimeoutError } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { devnetChain } from '../../../test/devnet.js'
import { nodeErrors, nodeProxy, onMethod, type NodeProxy } from '../../../test/nodeProxy.js'
import { requestScope, type RequestScope } from './requestScope.js'
import { RpcPool, type RpcPoolOptions } from './RpcPool.js'

const CHAIN = 56
const upstream = () => devnetChain(CHAIN).rpcUrl

function pool(urls: string[], options: Partial<RpcPoolOptions> = {}): RpcPool {
  return new RpcPool({
    chainId: CHAIN,
    urls,
    attemptTimeoutMs: 5_000,
    passes: 2,
    backgroundBudgetMs: 2_000,
    maxLagBlocks: 8,
    probeIntervalMs: 5_000,
    ...options,
  })
}

/** Runs `fn` as a client request with `budgetMs`, returning its outcome and how long it took. */
async function timed<T>(budgetMs: number, fn: (scope: RequestScope) => Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const startedAt = Date.now()
  try {
    const value = await fn(requestScope(budgetMs))
    return { value, ms: Date.now() - startedAt }
  } catch (error) {
    return { error, ms: Date.now() - startedAt }
  }
}

const blockNumber = { method: 'eth_blockNumber' }

describe('RpcPool against nodes that misbehave (a real proxy in front of the devnet)', () => {
  let first: NodeProxy
  let second: NodeProxy
  beforeAll(async () => {
    first = await nodeProxy(upstream())
    second = await nodeProxy(upstream())
  })
  afterEach(() => {
    first.set()
    second.set()
    first.reset()
    second.reset()
  })
  afterAll(async () => {
    await first.close()
    await second.close()
  })

  it('with its only node hung, a call fails with a timeout at the request deadline, not after the per-attempt timeouts', async () => {
    first.set({ hang: true })
    const outcome = await timed(1_000, (scope) => pool([first.url]).call(blockNumber, scope))
    expect(outcome.error).toBeInstanceOf(TimeoutError)
    expect(outcome.ms).toBeGreaterThanOrEqual(950)
    expect(outcome.ms).toBeLessThan(1_300)
  })

  it('with the first node hung, the second answers after the hedge delay, and the hung one sits out once its breaker opens', async () => {
    first.set({ hang: true })
    const rpc = pool([first.url, second.url])
    for (let index = 0; index < 3; index++) {
      const outcome = await timed(2_000, (scope) => rpc.call(blockNumber, scope))
      expect(outcome.error).toBeUndefined()
      expect(outcome.ms).toBeLessThan(700)
    }
    expect(rpc.health().endpoints[0]!.open).toBe(true)
    first.reset()
    const outcome = await timed(2_000, (scope) => rpc.call(blockNumber, scope))
    expect(outcome.ms).toBeLessThan(100)
    expect(first.roundTrips()).toBe(0)
    expect(rpc.health().ready).toBe(true)
  })

  for (const [fault, conditions] of [
    ['HTTP 429', { httpStatus: 429 }],
    ['-32005 limit exceeded', { call: onMethod('eth_blockNumber', nodeErrors.limitExceeded) }],
    ['HTTP 503', { httpStatus: 503 }],
    ['garbage', { garbage: true }],
    ['a dropped connection', { drop: true }],
  ] as const) {
    it(`a node answering ${fault} is skipped at once: the next one answers`, async () => {
      first.set(conditions)
      const rpc = pool([first.url, second.url])
      const outcome = await timed(2_000, (scope) => rpc.call(blockNumber, scope))
      expect(outcome.error).toBeUndefined()
      expect(typeof outcome.value).toBe('string')
      expect(outcome.ms).toBeLessThan(250)
      expect(first.roundTrips()).toBe(1)
      expect(second.roundTrips()).toBe(1)
    })
  }

  it('a rate-limited node sits out what its Retry-After asks (else the first cooldown, 1 s), and is not asked meanwhile', async () => {
    for (const [retryAfterSeconds, expectedMs] of [
      [7, 7_000],
      [undefined, 1_000],
    ] as const) {
      first.set({ httpStatus: 429, ...(retryAfterSeconds !== undefined && { retryAfterSeconds }) })
      first.reset()
      const rpc = pool([first.url, second.url])
      expect((await timed(2_000, (scope) => rpc.call(blockNumber, scope))).error).toBeUndefined()
      const sitsOut = rpc.endpoints[0]!.reopensAt() - Date.now()
      expect(sitsOut).toBeGreaterThan(expectedMs - 300)
      expect(sitsOut).toBeLessThanOrEqual(expectedMs)
      for (let index = 0; index < 3; index++) expect((await timed(2_000, (scope) => rpc.call(blockNumber, scope))).error).toBeUndefined()
      expect(first.roundTrips()).toBe(1)
    }
  })

  it('a failing node sits out a cooldown that doubles from 1 s to at most 30 s, and one answer resets it', async () => {
    // The breaker's clock moves by hand; the proxy, sockets and timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    try {
      first.set({ httpStatus: 503 })
      const rpc = pool([first.url, second.url])
      const call = async () => expect((await timed(2_000, (scope) => rpc.call(blockNumber, scope))).error).toBeUndefined()
      const sitsOut = () => rpc.endpoints[0]!.reopensAt() - Date.now()
      // Two failures in a row open it.
      await call()
      expect(rpc.endpoints[0]!.isOpen()).toBe(false)
      await call()
      const cooldowns = [sitsOut()]
      for (let step = 0; step < 6; step++) {
        vi.setSystemTime(rpc.endpoints[0]!.reopensAt() + 1)
        await call()
        cooldowns.push(sitsOut())
      }
      expect(cooldowns).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
      // Healthy again: one answer closes it and the next failures start from 1 s.
      first.set()
      vi.setSystemTime(rpc.endpoints[0]!.reopensAt() + 1)
      await call()
      expect(rpc.endpoints[0]!.isOpen()).toBe(false)
      first.set({ httpStatus: 503 })
      await call()
      await call()
      expect(sitsOut()).toBe(1_000)
    } finally {
      vi.useRealTimers()
    }
  })

  it('a revert is an answer: it is not asked of the next node', async () => {
    const rpc = pool([first.url, second.url])
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transferFrom',
      args: ['0x000000000000000000000000000000000000dEaD', '0x000000000000000000000000000000000000bEEF', parseEther('1')],
    })
    const token = Object.values(devnetChain(CHAIN).tokens)[0]!
    const outcome = await timed(2_000, (scope) =>
      rpc.call({ method: 'eth_estimateGas', params: [{ from: '0x000000000000000000000000000000000000bEEF', to: token, data }] }, scope),
    )
    expect(outcome.error).toBeInstanceOf(RpcRequestError)
    expect(second.roundTrips()).toBe(0)
  })

  it('a node lagging far behind the others is asked last once the probes have seen its head', async () => {
    first.set({ call: onMethod('eth_blockNumber', { rewrite: (head) => `0x${(BigInt(head as string) - 100n).toString(16)}` }) })
    const rpc = pool([first.url, second.url])
    await rpc.startProbes()
    rpc.stopProbes()
    expect(rpc.health().endpoints[0]!.lagging).toBe(true)
    first.reset()
    second.reset()
    await timed(2_000, (scope) => rpc.call({ method: 'eth_chainId' }, scope))
    expect(first.roundTrips()).toBe(0)
    expect(second.roundTrips()).toBe(1)
  })

  it("missing state on one node is asked of the next, without opening the first one's breaker", async () => {
    first.set({ call: onMethod('eth_getBalance', nodeErrors.missingTrieNode) })
    const rpc = pool([first.url, second.url])
    const outcome = await timed(2_000, (scope) => rpc.call({ method: 'eth_getBalance', params: ['0x000000000000000000000000000000000000dEaD', '0x1'] }, scope))
    expect(outcome.error).toBeUndefined()
    expect(second.methods()).toEqual({ eth_getBalance: 1 })
    expect(rpc.health().endpoints[0]!.open).toBe(false)
  })

  it('calls one request starts together travel as one JSON-RPC batch: one round trip', async () => {
    const rpc = pool([first.url])
    const outcome = await timed(2_000, (scope) =>
      Promise.all([rpc.call(blockNumber, scope), rpc.call({ method: 'eth_chainId' }, scope), rpc.call({ method: 'eth_gasPrice' }, scope)]),
    )
    expect(outcome.error).toBeUndefined()
    expect(outcome.value![1]).toBe(`0x${CHAIN.toString(16)}`)
    expect(first.roundTrips()).toBe(1)
    expect(first.methods()).toEqual({ eth_blockNumber: 1, eth_chainId: 1, eth_gasPrice: 1 })
  })

  it('calls that requests start in the same turn travel together, one batch for all of them', async () => {
    const rpc = pool([first.url])
    const [one, two] = [requestScope(2_000), requestScope(2_000)]
    await Promise.all([rpc.call(blockNumber, one), rpc.call({ method: 'eth_chainId' }, two), rpc.call({ method: 'eth_gasPrice' }, one)])
    expect(first.roundTrips()).toBe(1)
    expect(first.requests().map((calls) => calls.map((call) => call.method).sort())).toEqual([['eth_blockNumber', 'eth_chainId', 'eth_gasPrice']])
  })

  it('calls whose deadlines are far apart travel apart, each kept to its own deadline', async () => {
    first.set({ latencyMs: 600 })
    const rpc = pool([first.url])
    const [short, long] = await Promise.all([
      timed(300, (scope) => rpc.call(blockNumber, scope)),
      timed(3_000, (scope) => rpc.call({ method: 'eth_chainId' }, scope)),
    ])
    expect(short.error).toBeInstanceOf(TimeoutError)
    expect(short.ms).toBeLessThan(550)
    expect(long.error).toBeUndefined()
    expect(long.value).toBe(`0x${CHAIN.toString(16)}`)
    expect(first.requests().map((calls) => calls.map((call) => call.method))).toEqual([['eth_blockNumber'], ['eth_chainId']])
  })

  it('a turn of more calls than a batch may hold goes out in batches of at most 16 calls, side by side', async () => {
    const rpc = pool([first.url])
    const scopes = Array.from({ length: 40 }, () => requestScope(2_000))
    const answers = await Promise.all(scopes.map((scope) => rpc.call({ method: 'eth_chainId' }, scope)))
    expect(new Set(answers)).toEqual(new Set([`0x${CHAIN.toString(16)}`]))
    expect(first.requests().map((calls) => calls.length)).toEqual([16, 16, 8])
  })

  it('a node that refuses batches gets the calls one by one, side by side: every call still answered', async () => {
    first.set({ rejectBatches: true })
    const rpc = pool([first.url])
    const outcome = await timed(2_000, (scope) =>
      Promise.all([rpc.call(blockNumber, scope), rpc.call({ method: 'eth_chainId' }, scope), rpc.call({ method: 'eth_gasPrice' }, scope)]),
    )
    expect(outcome.error).toBeUndefined()
    expect(outcome.value![1]).toBe(`0x${CHAIN.toString(16)}`)
    // The refused batch, then one request per call.
    expect(first.roundTrips()).toBe(4)
  })

  it('readiness comes from what was seen: a pool whose only node is hung is not ready, and saying so takes no time', async () => {
    first.set({ hang: true })
    const rpc = pool([first.url], { backgroundBudgetMs: 500 })
    await rpc.startProbes()
    rpc.stopProbes()
    const startedAt = Date.now()
    expect(rpc.health().ready).toBe(false)
    expect(Date.now() - startedAt).toBeLessThan(5)
  })
})
