import { type Address, erc20Abi, maxUint256 } from 'viem'
import { uniswapV2PairAbi, uniswapV2Router02Abi } from '../../contracts/artifacts/index.js'
import type { DevnetChainManifest } from './manifest.js'
import type { Sender } from './sender.js'

/** Share of a pair's reserve a trade swaps, 1/12 (about 8 %), every other day: volume that earns the pair a few percent a year in fees. */
const TRADE_SHARE = 12n

/**
 * The LP pairs the chain's vaults take, traded by `trader` every day of the past: their trading
 * fees (the growth of √k per LP token) are what a vault's tradingApr measures. `approve` queues the
 * router's allowances; `day` queues, every other day, one round trip through each pair (an 8 %
 * swap, the other way each time, and what it bought swapped back), read from the reserves as mined so far.
 */
export function pastTrades(manifest: DevnetChainManifest, trader: Sender) {
  const wants = new Set(manifest.vaults.map((vault) => vault.want))
  const pairs = manifest.pairs.filter((pair) => wants.has(pair.address))
  const router = manifest.uniswap.router
  const swap = (amountIn: bigint, path: [Address, Address]) =>
    trader.call('trade', router, {
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, 1n, path, trader.from, maxUint256],
    })
  return {
    async approve(): Promise<void> {
      for (const token of new Set(pairs.flatMap((pair) => [pair.token0, pair.token1])))
        await trader.call('approve router', token, { abi: erc20Abi, functionName: 'approve', args: [router, maxUint256] })
    },
    async day(day: number): Promise<void> {
      // Every other day, the direction alternating: half the transactions of a daily trade for the same fees.
      if (day % 2 === 1) return
      // One round trip for every pair's reserves; the swaps then go out without waiting for each other.
      const reserves = await Promise.all(
        pairs.map((pair) => trader.client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })),
      )
      for (const [index, pair] of pairs.entries()) {
        const [reserve0, reserve1] = reserves[index]!
        const [tokenIn, tokenOut, reserveIn, reserveOut] =
          day % 4 === 0 ? [pair.token0, pair.token1, reserve0, reserve1] : [pair.token1, pair.token0, reserve1, reserve0]
        const amountIn = reserveIn / TRADE_SHARE
        // What the router pays out (Uniswap V2's getAmountOut, its 0.3 % fee), swapped straight back.
        const bought = (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
        await swap(amountIn, [tokenIn, tokenOut])
        await swap(bought, [tokenOut, tokenIn])
      }
    },
  }
}
