import { decodeFunctionResult, encodeAbiParameters, encodeFunctionResult, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { masterChefAbi, multicall3Abi } from '../../contracts/artifacts/index.js'
import { devnetChain } from '../../test/devnet.js'
import type { NodeProxy } from '../../test/nodeProxy.js'
import { proxiedDevnetChain } from '../../test/proxiedDevnetChain.js'
import { aggregate, contractCall } from './aggregate.js'
import { MULTICALL3_ADDRESS, type ChainClient } from './createChainClients.js'
import { requestScope } from './rpc/requestScope.js'

const CHAIN = 56

describe('aggregate: reads past one Multicall3 call', () => {
  let proxy: NodeProxy
  let chain: ChainClient
  beforeAll(async () => {
    ;({ proxy, chain } = await proxiedDevnetChain(CHAIN))
  })
  afterAll(() => proxy.close())

  // 1,600 reads: two Multicall3 calls of at most 1,500 (about 0.6 MB together, under the 1 MiB batch cap).
  const reads = (count = 1_600) => Array.from({ length: count }, () => contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getBlockNumber'))

  it('pinned to a given block, every chunk goes at once: one round trip in a request scope, all reads at that block', async () => {
    const head = await chain.client.getBlockNumber()
    proxy.reset()
    const { results, blockNumber } = await aggregate(chain.within(requestScope(5_000)), reads(), head)
    expect(proxy.roundTrips()).toBe(1)
    expect(proxy.methods()).toEqual({ eth_call: 2 })
    expect(blockNumber).toBe(head)
    expect(results.every((result) => result.ok && result.value === head)).toBe(true)
  })

  it('past the 1 MiB batch cap, the calls go side by side: parallel requests, all at the given block', async () => {
    const head = await chain.client.getBlockNumber()
    proxy.reset()
    // 4,600 reads: four calls of about 0.58 MB and one small one, over 2 MB together.
    const { results, blockNumber } = await aggregate(chain.within(requestScope(5_000)), reads(4_600), head)
    expect(proxy.methods()).toEqual({ eth_call: 4 })
    expect(proxy.roundTrips()).toBeGreaterThan(1)
    expect(proxy.roundTrips()).toBeLessThanOrEqual(4)
    expect(blockNumber).toBe(head)
    expect(results).toHaveLength(4_600)
    expect(results.every((result) => result.ok && result.value === head)).toBe(true)
  })

  it('without a block, every chunk goes at once at the latest block: one round trip, all reads at the block they name', async () => {
    proxy.reset()
    const { results, blockNumber } = await aggregate(chain.within(requestScope(5_000)), reads())
    expect(proxy.roundTrips()).toBe(1)
    expect(proxy.methods()).toEqual({ eth_call: 2 })
    expect(results.every((result) => result.ok && result.value === blockNumber)).toBe(true)
  })

  it("a chunk that saw another block than the first (one was mined between them) is read again at the first's", async () => {
    let moved = false
    // The second chunk's first answer as if it had run at another block than the first: its clock says block 1.
    proxy.set({
      call: (call) => {
        const [request, block] = (call.params ?? []) as [{ data?: string }, string]
        if (call.method !== 'eth_call' || block !== 'latest' || moved || (request.data?.length ?? 0) > 300_000) return undefined
        moved = true
        return { rewrite: (result) => atBlock(result as Hex, 1n) }
      },
    })
    try {
      proxy.reset()
      const { results, blockNumber } = await aggregate(chain.within(requestScope(5_000)), reads())
      expect(moved).toBe(true)
      expect(proxy.sequentialRoundTrips()).toBe(2)
      expect(proxy.methods()).toEqual({ eth_call: 3 })
      expect(results.every((result) => result.ok && result.value === blockNumber)).toBe(true)
    } finally {
      proxy.set()
    }
  })

  describe('reads that burn all their gas (a solc < 0.8 public array read past its end)', () => {
    // SushiSwap's MasterChef is compiled with solc 0.6.12: poolInfo(pid) past poolLength ends in `invalid`.
    const chef = () => devnetChain(CHAIN).rewardPoolFamilies.pools.find((pool) => pool.kind === 'masterchef')!
    const pastTheEnd = (gas?: bigint) =>
      [99n, 100n, 101n].map((pid) => ({ ...contractCall(chef().address, masterChefAbi, 'poolInfo', [pid]), ...(gas !== undefined && { gas }) }))

    it('inside Multicall3 they starve the reads after them: three make the whole aggregate fail', async () => {
      const head = await chain.client.getBlockNumber()
      await expect(aggregate(chain, [...pastTheEnd(), ...reads(200)], head)).rejects.toThrow()
    })

    it('capped in gas they go beside it as eth_calls of their own: each fails alone, every other read answers, one round trip', async () => {
      const head = await chain.client.getBlockNumber()
      const first = { ...contractCall(chef().address, masterChefAbi, 'poolInfo', [0n]), gas: 100_000n }
      proxy.reset()
      const { results } = await aggregate(chain.within(requestScope(5_000)), [...reads(100), ...pastTheEnd(100_000n), first, ...reads(100)], head)
      expect(proxy.roundTrips()).toBe(1)
      expect(proxy.methods()).toEqual({ eth_call: 5 })
      expect(results).toHaveLength(204)
      expect(results.slice(100, 103).map((result) => result.ok)).toEqual([false, false, false])
      // A capped read that answers keeps its place and its value.
      const answered = results[103]!
      expect(answered.ok && (answered.value as readonly unknown[])[0]).toBe(chef().stakingTokens[0])
      expect([...results.slice(0, 100), ...results.slice(104)].every((result) => result.ok && result.value === head)).toBe(true)
    })
  })
})

/** An `aggregate3` answer whose every getBlockNumber read says `block` instead. */
function atBlock(result: Hex, block: bigint): Hex {
  const decoded = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: result })
  const answers = decoded.map((answer) => ({
    ...answer,
    returnData:
      answer.returnData.length === 66 && BigInt(answer.returnData) < 1_000_000n ? encodeAbiParameters([{ type: 'uint256' }], [block]) : answer.returnData,
  }))
  return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: answers })
}
