import type { Address } from 'viem'
import { uniswapV2FactoryAbi, uniswapV2PairAbi } from '../../../contracts/artifacts/index.js'
import { contractCall } from '../../chain/index.js'

/** The read of a Uniswap V2 pair's `getReserves()`: reserve0, reserve1, last block timestamp. */
export function pairReservesRead(pair: Address) {
  return contractCall(pair, uniswapV2PairAbi, 'getReserves')
}

/** The reads of a Uniswap V2 pair's `token0()` and `token1()`: a token that answers both and its reserves is an LP token. */
export function pairTokensReads(pair: Address) {
  return [contractCall(pair, uniswapV2PairAbi, 'token0'), contractCall(pair, uniswapV2PairAbi, 'token1')] as const
}

/** The read of a Uniswap V2 factory's `getPair(a, b)`: the pair of the two tokens, the zero address when there is none. */
export function factoryPairRead(factory: Address, a: Address, b: Address) {
  return contractCall(factory, uniswapV2FactoryAbi, 'getPair', [a, b])
}
