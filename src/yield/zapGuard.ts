import type { Address } from 'viem'
import { priceDeviation, priceImpact } from '../errors/index.js'
import { type PricedState, priceImpactPercent, pricedThroughPair, spotDeviationPercent } from '../pricing/index.js'

/** What a zap's guard reports: its swap's price impact, percent, or why there is none. */
export interface ZapPriceCheck {
  priceImpact?: number
  priceImpactNote?: string
}

/** The zap's swap as its `estimateSwap` quotes it, and the pair it swaps in with its reserves at the same block. */
export interface ZapSwap {
  tokenIn: Address
  amountIn: bigint
  tokenOut: Address
  amountOut: bigint
  pair: { address: Address; token0: Address; token1: Address }
  reserves: { reserve0: bigint; reserve1: bigint }
}

/**
 * Guards a zap against a manipulated pair and a costly swap, with the fair USD prices of the
 * latest snapshot (`priced`):
 * - when both of the pair's tokens are priced without it (feeds, other pairs), its spot price off
 *   their ratio by more than `maxDeviationPercent` is a 422 `PRICE_DEVIATION` saying by how much;
 * - the swap paying further below the fair value of its input than the caller's `slippage` is a
 *   422 `PRICE_IMPACT`.
 * Returns the impact (percent, 4 decimals); measured against the pair's own price when one of its
 * tokens is priced through it (the note says so), absent when a token has no price, or when there
 * are no prices for the chain now (`priced` undefined; `limits.chainId` names it in the note).
 */
export function checkZapPrices(
  priced: PricedState | undefined,
  swap: ZapSwap,
  limits: { chainId: number; slippage: number; maxDeviationPercent: number },
): ZapPriceCheck {
  if (!priced) return { priceImpactNote: `not measured: no prices for chain ${limits.chainId} now` }
  const priceOf = (token: Address) => {
    const price = priced.prices.get(token)
    const decimals = priced.decimals(token)
    return price?.ok && decimals !== undefined ? { usd: price.usd, decimals } : undefined
  }
  const [inPrice, outPrice] = [priceOf(swap.tokenIn), priceOf(swap.tokenOut)]
  if (!inPrice || !outPrice)
    return { priceImpactNote: `not measured: token ${inPrice ? swap.tokenOut : swap.tokenIn} has no price on chain ${priced.state.chainId}` }

  const { pair } = swap
  const dependent = [pair.token0, pair.token1].find((token) => pricedThroughPair(priced.registry, token, pair.address))
  if (!dependent) {
    const [side0, side1] = [priceOf(pair.token0)!, priceOf(pair.token1)!]
    const deviation = spotDeviationPercent({ amount: swap.reserves.reserve0, ...side0 }, { amount: swap.reserves.reserve1, ...side1 })
    if (deviation > limits.maxDeviationPercent)
      throw priceDeviation(
        `pair ${pair.address} trades ${round(deviation)} % off the fair price of its tokens (bound ${limits.maxDeviationPercent} %): it may be being manipulated, so the zap is refused; try again once it is back near its fair price`,
        { meta: { deviationPercent: round(deviation), boundPercent: limits.maxDeviationPercent } },
      )
  }
  const impact = round(priceImpactPercent({ amount: swap.amountIn, ...inPrice }, { amount: swap.amountOut, ...outPrice }))
  if (impact > limits.slippage)
    throw priceImpact(
      `the zap's swap would pay ${impact} % below the fair value of its input, more than the ${limits.slippage} % slippage allowed: zap less or allow more slippage`,
      { meta: { priceImpactPercent: impact, slippagePercent: limits.slippage } },
    )
  return {
    priceImpact: impact,
    ...(dependent && {
      priceImpactNote: `measured against the pair's own price: ${dependent} is priced through pair ${pair.address}, so there is no independent fair price to judge the pair by`,
    }),
  }
}

function round(percent: number): number {
  return Math.round(percent * 10_000) / 10_000
}
