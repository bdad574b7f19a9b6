import type { Address } from 'viem'
import { uniswapV2PairAbi } from '../contracts/artifacts/index.js'
import { type ChainAt, clientAt } from './vaultApy.js'

/** ⌊√n⌋, the test's own Newton iteration. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let [x, y] = [n, (n + 1n) / 2n]
  while (y < x) [x, y] = [y, (y + n / y) / 2n]
  return x
}

/** √(reserve0 · reserve1) of `pair` at `blockNumber` (scaled by 1e18) and its LP supply, in integers. */
async function rootK(chain: ChainAt, pair: Address, blockNumber: bigint) {
  const client = clientAt(chain, blockNumber)
  const [reserve0, reserve1] = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves', blockNumber })
  const supply = await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'totalSupply', blockNumber })
  return { root: isqrt(reserve0 * reserve1 * 10n ** 36n), supply }
}

/** The growth of √k per LP token of `pair` from one block to another, minus 1, exact to 1e-18. */
export async function rootKGrowth(chain: ChainAt, pair: Address, from: bigint, to: bigint): Promise<number> {
  const [then, now] = [await rootK(chain, pair, from), await rootK(chain, pair, to)]
  const base = then.root * now.supply
  return Number(((now.root * then.supply - base) * 10n ** 18n) / base) / 1e18
}
