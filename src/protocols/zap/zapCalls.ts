import type { Address } from 'viem'
import { contractCall, encodeCall } from '../../chain/index.js'
import { uniswapV2ZapAbi } from '../../../contracts/artifacts/index.js'

/** The read of `estimateSwap(vault, tokenIn, amount)`: how the zap would split `amount` of `tokenIn`. */
export function estimateSwapRead(zap: Address, vault: Address, tokenIn: Address, amount: bigint) {
  return contractCall(zap, uniswapV2ZapAbi, 'estimateSwap', [vault, tokenIn, amount])
}

/** Call data of `beefIn`: zap `amount` of `tokenIn` into `vault`, the swap paying at least `minOut`. */
export function encodeZapIn(vault: Address, minOut: bigint, tokenIn: Address, amount: bigint): `0x${string}` {
  return encodeCall(uniswapV2ZapAbi, 'beefIn', [vault, minOut, tokenIn, amount])
}

/** Call data of `beefInETH`: zap the native coin sent as value into `vault`. */
export function encodeZapInNative(vault: Address, minOut: bigint): `0x${string}` {
  return encodeCall(uniswapV2ZapAbi, 'beefInETH', [vault, minOut])
}

/** Slippage percentages are applied at this precision (1e-6 %). */
const SLIPPAGE_SCALE = 100_000_000n

/** `amountOut × (1 − slippage/100)`, rounded down; `slippagePercent` in percent (0.5 = half a percent). */
export function minimumOutput(amountOut: bigint, slippagePercent: number): bigint {
  const slippage = BigInt(Math.round(slippagePercent * 1_000_000))
  return (amountOut * (SLIPPAGE_SCALE - slippage)) / SLIPPAGE_SCALE
}

/**
 * Call data of `beefOutAndSwap` (Beefy's zap exit): burn `shares` of `vault` (approved to the
 * zap), remove the liquidity and swap the other side into `desiredToken`, the swap paying at
 * least `minOut`; a wrapped native paid out unwrapped.
 */
export function encodeZapOut(vault: Address, shares: bigint, desiredToken: Address, minOut: bigint): `0x${string}` {
  return encodeCall(uniswapV2ZapAbi, 'beefOutAndSwap', [vault, shares, desiredToken, minOut])
}
