/**
 * Price math: pure functions over numbers already read from the chain. USD values are JS numbers
 * (they leave the service as JSON numbers); token amounts enter as bigint and are scaled once.
 */
import { entryOf } from '../keyed/index.js'

/** A token amount in whole tokens: `amount / 10^decimals`, as a float. */
export function toUnits(amount: bigint, decimals: number): number {
  const { scale, float } = scaleOf(decimals)
  // Split so that amounts far above 2^53 keep their relative precision.
  return Number(amount / scale) + Number(amount % scale) / float
}

/** 10^decimals as a bigint and a float, computed once per decimals (a snapshot's figures scale thousands of amounts a block). */
const scales = new Map<number, { scale: bigint; float: number }>()
function scaleOf(decimals: number): { scale: bigint; float: number } {
  return entryOf(scales, decimals, newScale)
}
function newScale(decimals: number): { scale: bigint; float: number } {
  const scale = 10n ** BigInt(decimals)
  return { scale, float: Number(scale) }
}

/** Why a price could not be given. */
export type PriceFailure =
  | { reason: 'stale-feed'; updatedAt: number; heartbeatSeconds: number }
  | { reason: 'bad-feed-answer'; answer: bigint }
  | { reason: 'empty-pair'; pair: string }
  | { reason: 'thin-liquidity'; pair: string; liquidityUsd: number; minimumUsd: number }
  | { reason: 'no-route' }
  | { reason: 'unpriced-dependency'; token: string }
  | { reason: 'unreadable'; contract: string }

export type PriceResult = { ok: true; usd: number } | ({ ok: false } & PriceFailure)

/**
 * USD price from a Chainlink-style round. A round older than the heartbeat, or a non-positive
 * answer, is refused rather than used.
 */
export function priceFromFeed(round: { answer: bigint; updatedAt: bigint }, decimals: number, heartbeatSeconds: number, nowSeconds: number): PriceResult {
  if (round.answer <= 0n) return { ok: false, reason: 'bad-feed-answer', answer: round.answer }
  const updatedAt = Number(round.updatedAt)
  if (nowSeconds - updatedAt > heartbeatSeconds) return { ok: false, reason: 'stale-feed', updatedAt, heartbeatSeconds }
  return { ok: true, usd: toUnits(round.answer, decimals) }
}

/**
 * USD price of a token from a V2 pair against a priced token: the pair's spot rate times the
 * other side's price. An empty side is refused (a 0 is never a price).
 */
export function priceFromPair(
  pair: string,
  token: { reserve: bigint; decimals: number },
  other: { reserve: bigint; decimals: number; usd: number },
): PriceResult {
  if (token.reserve === 0n || other.reserve === 0n) return { ok: false, reason: 'empty-pair', pair }
  return { ok: true, usd: (toUnits(other.reserve, other.decimals) * other.usd) / toUnits(token.reserve, token.decimals) }
}

/**
 * USD price of one whole LP token of a V2 pair. With both sides priced independently of this
 * pair, fair reserves resist a manipulated spot price: 2·√(r0·p0·r1·p1) / totalSupply. Otherwise
 * (a side priced through this very pair) the plain sum (r0·p0 + r1·p1) / totalSupply.
 */
export function lpTokenPrice(
  pair: { reserve0: bigint; reserve1: bigint; totalSupply: bigint; decimals: number },
  side0: { decimals: number; usd: number },
  side1: { decimals: number; usd: number },
  independent: boolean,
  address: string,
): PriceResult {
  const supply = toUnits(pair.totalSupply, pair.decimals)
  if (supply === 0 || pair.reserve0 === 0n || pair.reserve1 === 0n) return { ok: false, reason: 'empty-pair', pair: address }
  const value0 = toUnits(pair.reserve0, side0.decimals) * side0.usd
  const value1 = toUnits(pair.reserve1, side1.decimals) * side1.usd
  return { ok: true, usd: (independent ? 2 * Math.sqrt(value0 * value1) : value0 + value1) / supply }
}
