import type { Address } from 'viem'
import type { ChainRegistry } from '../registry/index.js'
import { toUnits } from './priceMath.js'

/** An amount of a token with its decimals and USD price. */
export interface PricedAmount {
  amount: bigint
  decimals: number
  usd: number
}

/**
 * How far below the fair value of what goes in a swap pays, percent: (1 − value out / value in) ×
 * 100, both valued at fair USD prices; 0 when it pays as much or more. The pool's fee is part of
 * it (a Uniswap V2 swap pays at least 0.3 % below its spot price).
 */
export function priceImpactPercent(input: PricedAmount, output: PricedAmount): number {
  const valueIn = toUnits(input.amount, input.decimals) * input.usd
  if (valueIn === 0) return 0
  return Math.max(0, (1 - (toUnits(output.amount, output.decimals) * output.usd) / valueIn) * 100)
}

/**
 * How far a pair's spot price is off the fair one, percent: the spot (token1 per token0, from the
 * reserves) against the ratio of the two tokens' fair USD prices.
 */
export function spotDeviationPercent(side0: PricedAmount, side1: PricedAmount): number {
  const spot = toUnits(side1.amount, side1.decimals) / toUnits(side0.amount, side0.decimals)
  const fair = side0.usd / side1.usd
  return Math.abs(spot / fair - 1) * 100
}

/**
 * Whether `token`'s price route in the registry goes through `pair` (hop by hop): then its price
 * is the pair's own spot price, and the pair cannot be judged against it.
 */
export function pricedThroughPair(registry: ChainRegistry, token: Address, pair: Address, seen = new Set<Address>()): boolean {
  const route = registry.tokens.get(token)?.price
  if (!route || !('pair' in route) || seen.has(token)) return false
  if (route.pair === pair) return true
  seen.add(token)
  const via = registry.lpPairs.get(route.pair as Address)
  const other = via && (via.token0 === token ? via.token1 : via.token0)
  return other !== undefined && pricedThroughPair(registry, other, pair, seen)
}
