import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { devnetChain } from '../../../test/devnet.js'
import { nodeProxy, onMethod, type NodeProxy } from '../../../test/nodeProxy.js'
import { mismatchLine, WrongChain } from './chainIdentity.js'
import { RpcPool } from './RpcPool.js'

const CHAIN = 56
/** A real node of another chain: the devnet's chain 1, an anvil started with --chain-id 1. */
const OTHER = 1

/** Waits until `check` holds, polling every 50 ms, for at most `ms`. */
async function until(check: () => boolean, ms = 5_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * A URL set for chain 56 whose node answers for chain 1: a proxy in front of the devnet's chain 56
 * that, on the test's word, forwards to the devnet's chain 1 instead (a provider URL that starts
 * serving another network). Found at a check, it is named with the chain ids; found by the health
 * checks later, it leaves the rotation, is reported, and comes back once it answers chain 56 again.
 */
describe("a node answering for another chain than its URL's", () => {
  let proxy: NodeProxy
  const seen: { endpoint: string; nodeChainId: number | undefined }[] = []
  const observer = {
    attempt: () => undefined,
    breaker: () => undefined,
    head: () => undefined,
    wrongChain: (_chainId: number, endpoint: string, nodeChainId: number | undefined) => seen.push({ endpoint, nodeChainId }),
  }
  const pool = (urls: string[], probeIntervalMs = 5_000) =>
    new RpcPool({ chainId: CHAIN, urls, attemptTimeoutMs: 2_000, passes: 2, backgroundBudgetMs: 2_000, maxLagBlocks: 8, probeIntervalMs, observer })
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
  })
  afterEach(() => {
    proxy.set()
    proxy.reset()
    seen.length = 0
  })
  afterAll(() => proxy.close())

  it('is named by a check of the chain ids: its URL without secrets, the chain it is set for and the one it answers for', async () => {
    proxy.set({ upstream: devnetChain(OTHER).rpcUrl })
    const rpc = pool([`${proxy.url}/v3/s3cret-key?apikey=s3cret`, devnetChain(CHAIN).rpcUrl])
    try {
      const mismatches = await rpc.checkChainIds()
      expect(mismatches).toEqual([{ chainId: CHAIN, url: proxy.url, nodeChainId: OTHER }])
      expect(new WrongChain(mismatches).message).toBe(
        `chain error: RPC URL ${proxy.url} is set for chain ${CHAIN} but its node answers eth_chainId ${OTHER} (a node of chain ${OTHER})`,
      )
      expect(mismatchLine(mismatches[0]!)).not.toContain('s3cret')
      expect(rpc.health().endpoints.map((endpoint) => endpoint.wrongChainId)).toEqual([OTHER, undefined])
    } finally {
      rpc.close()
    }
  })

  it('found by the health checks later, leaves the rotation (calls go to the right node), is reported, and comes back', async () => {
    const rpc = pool([proxy.url, devnetChain(CHAIN).rpcUrl], 200)
    try {
      await rpc.startProbes()
      const balance = { method: 'eth_getBalance', params: [devnetChain(CHAIN).accounts[0]!.address, 'latest'] }
      await rpc.call(balance)
      expect(proxy.methods().eth_getBalance).toBe(1)
      const ownHead = BigInt((await rpc.call({ method: 'eth_blockNumber' })) as string)

      // The other chain reports a head far above this one's.
      proxy.set({ upstream: devnetChain(OTHER).rpcUrl, call: onMethod('eth_blockNumber', { rewrite: () => '0xffffff' }) })
      await until(() => rpc.health().endpoints[0]!.wrongChainId === OTHER)
      expect(seen).toEqual([{ endpoint: `0:${proxy.url}`, nodeChainId: OTHER }])
      proxy.reset()
      for (let call = 0; call < 5; call++) await rpc.call(balance)
      expect(proxy.methods().eth_getBalance).toBeUndefined()
      const health = rpc.health()
      expect(health.ready).toBe(true)
      // The other chain's head is no head of this chain's.
      expect(health.head! - ownHead).toBeLessThan(1_000n)

      proxy.set()
      await until(() => rpc.health().endpoints[0]!.wrongChainId === undefined)
      expect(seen.at(-1)).toEqual({ endpoint: `0:${proxy.url}`, nodeChainId: undefined })
      proxy.reset()
      await rpc.call(balance)
      expect(proxy.methods().eth_getBalance).toBe(1)
    } finally {
      rpc.close()
    }
  })

  it("is never asked as a last resort: with no node of this chain's, a call fails instead of answering another chain's state", async () => {
    proxy.set({ upstream: devnetChain(OTHER).rpcUrl })
    const rpc = pool([proxy.url])
    try {
      await rpc.checkChainIds()
      proxy.reset()
      await expect(rpc.call({ method: 'eth_blockNumber' })).rejects.toThrow()
      expect(proxy.methods().eth_blockNumber).toBeUndefined()
      expect(rpc.health().ready).toBe(false)
    } finally {
      rpc.close()
    }
  })

  it("an eth_chainId a call asks is answered by this chain's node, and the other chain's leaves the rotation", async () => {
    proxy.set({ upstream: devnetChain(OTHER).rpcUrl })
    const rpc = pool([proxy.url, devnetChain(CHAIN).rpcUrl])
    try {
      expect(await rpc.call({ method: 'eth_chainId' })).toBe(`0x${CHAIN.toString(16)}`)
      expect(rpc.health().endpoints[0]!.wrongChainId).toBe(OTHER)
    } finally {
      rpc.close()
    }
  })
})
