import { erc20Abi, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { multicall3Abi, priceFeedAbi, uniswapV2FactoryAbi } from '../../contracts/artifacts/index.js'
import { devnet, devnetChain, publicClientFor } from '../devnet.js'

const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

describe('Multicall3 at the canonical address', () => {
  for (const chainId of [1, 56, 43114]) {
    it(`batches reads with aggregate3 on chain ${chainId}`, async () => {
      const pub = publicClientFor(chainId)
      const c = devnetChain(chainId)
      expect(c.multicall3).toBe(MULTICALL3)
      const results = await pub.multicall({
        contracts: [
          { address: c.wrappedNative, abi: erc20Abi, functionName: 'symbol' },
          { address: MULTICALL3, abi: multicall3Abi, functionName: 'getChainId' },
          { address: c.tokens.USDC!, abi: erc20Abi, functionName: 'decimals' },
          // No code at this address: the failure is allowed and reported, not thrown.
          { address: '0x0000000000000000000000000000000000000001', abi: erc20Abi, functionName: 'decimals' },
        ],
      })
      const expectedSymbol = { 1: 'WETH', 56: 'WBNB', 43114: 'WAVAX' }[chainId]
      expect(results[0]).toEqual({ status: 'success', result: expectedSymbol })
      expect(results[1]).toEqual({ status: 'success', result: BigInt(chainId) })
      expect(results[2]).toEqual({ status: 'success', result: 6 })
      expect(results[3]!.status).toBe('failure')
    })
  }
})

describe('devnet manifest', () => {
  it('lists checksummed addresses, fresh feeds and pairs registered in the factory', async () => {
    for (const c of Object.values(devnet().chains)) {
      const pub = publicClientFor(c.chainId)
      for (const address of [...Object.values(c.tokens), ...c.lpTokens, ...c.bridges]) expect(address).toBe(getAddress(address))
      const block = await pub.getBlock()
      for (const feed of c.feeds) {
        const [, answer, , updatedAt] = await pub.readContract({ address: feed.address, abi: priceFeedAbi, functionName: 'latestRoundData' })
        expect(answer).toBeGreaterThan(0n)
        expect(block.timestamp - updatedAt).toBeLessThan(BigInt(feed.heartbeat))
      }
      for (const pair of c.pairs) {
        const onChain = await pub.readContract({
          address: c.uniswap.factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [pair.token0, pair.token1],
        })
        expect(onChain).toBe(pair.address)
      }
      for (const b of c.bridgeTokens) {
        expect(await pub.readContract({ address: b.token, abi: erc20Abi, functionName: 'balanceOf', args: [b.bridge] })).toBeGreaterThan(0n)
      }
      expect(c.vaults.filter((v) => v.kind === 'beefy').length).toBeGreaterThanOrEqual(2)
      expect(c.vaults.filter((v) => v.kind === 'erc4626').length).toBeGreaterThanOrEqual(2)
      expect(c.vaults.some((v) => v.zap !== undefined && v.zapTokenIn === c.wrappedNative)).toBe(true)
    }
  })
})
