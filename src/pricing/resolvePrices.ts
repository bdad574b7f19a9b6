import type { Address } from 'viem'
import type { ChainRegistry } from '../registry/index.js'
import { lpTokenPrice, priceFromFeed, priceFromPair, toUnits, type PriceFailure } from './priceMath.js'

/** Where a price comes from, at the block it was read at. */
export interface PriceSource {
  kind: 'feed' | 'pair' | 'lp'
  /** The feed, or the pair whose reserves priced the token (for `lp`, the LP pair itself). */
  address: Address
  /** Seconds from the source's last update to the block: a feed round's age; 0 for reserves, read at the block. */
  ageSeconds: number
  /** A feed's heartbeat: a round older than this is refused. */
  heartbeatSeconds?: number
  /** USD value of the pair's reserves (both sides), where its other side is priced. */
  liquidityUsd?: number
}

/** A price's second route, priced only to check the first (the registry's `priceCheck`). */
export interface PriceCheck {
  source?: PriceSource
  /** The second route's USD price; null when it could not be priced (then nothing is checked). */
  usd: number | null
  /** |first − second| / second, percent; null when the second route has no price. */
  deviationPercent: number | null
}

/** Where a price comes from, and the tokens whose prices it is made of (a pair's other side, an LP's two). */
interface Provenance {
  source?: PriceSource
  via?: Address[]
}

/** A token's USD price and where it came from, or why there is none. */
export type TokenPrice = ({ ok: true; usd: number; check?: PriceCheck } & Provenance) | ({ ok: false } & Provenance & PriceFailure)

/** What a figure must meet to be served unflagged, or a price to be served at all (the config's `figures`). */
export interface FigurePolicy {
  /** A pair route whose reserves are worth less than this many USD does not price (cheap to move). */
  minPriceLiquidityUsd: number
  /** A price whose second route differs from it by more than this, percent, is flagged. */
  priceCheckMaxDeviationPercent: number
  /** A rate above this fraction a year is flagged. */
  maxPlausibleApy: number
}

/** MIN_PRICE_LIQUIDITY_USD, PRICE_CHECK_MAX_DEVIATION_PERCENT and MAX_PLAUSIBLE_APY's defaults. */
export const DEFAULT_FIGURE_POLICY: FigurePolicy = { minPriceLiquidityUsd: 10_000, priceCheckMaxDeviationPercent: 5, maxPlausibleApy: 10 }

/** The raw chain values prices are made of, all read at one block; undefined = the read failed. */
export interface PriceInputs {
  /** Seconds, the block's timestamp: feed staleness is judged against it. */
  timestamp: number
  decimals: (token: Address) => number | undefined
  feeds: Map<Address, { answer: bigint; updatedAt: bigint; decimals: number } | undefined>
  pairs: Map<Address, { reserve0: bigint; reserve1: bigint; totalSupply: bigint } | undefined>
}

type Route = { feed: string } | { pair: string }

/**
 * Prices every registered token and LP pair of a chain from values read at one block, following
 * each token's registered route (feed, or a pair against a priced token, hop by hop) and valuing
 * LP tokens by fair reserves where both sides are priced independently of that pair. A pair route
 * thinner than the policy's liquidity does not price; a token with a second route (`priceCheck`)
 * carries what that route says beside its price.
 */
export function resolvePrices(registry: ChainRegistry, inputs: PriceInputs, policy: FigurePolicy = DEFAULT_FIGURE_POLICY): Map<Address, TokenPrice> {
  const prices = new Map<Address, TokenPrice>()
  /** Pairs a token's price goes through, to tell whether an LP's sides depend on that LP. */
  const routePairs = new Map<Address, Set<Address>>()

  const resolve = (token: Address): TokenPrice => {
    const known = prices.get(token)
    if (known) return known
    // Marks the token while its route is followed; the registry refuses loops, this is a guard.
    prices.set(token, { ok: false, reason: 'no-route' })
    const price = priceOf(token)
    prices.set(token, price)
    return price
  }

  const priceOf = (token: Address): TokenPrice => {
    const entry = registry.tokens.get(token)
    if (entry?.price) {
      const [price, pairs] = priceVia(token, entry.price)
      routePairs.set(token, pairs)
      if (!price.ok || !entry.priceCheck) return price
      return { ...price, check: checkOf(price.usd, priceVia(token, entry.priceCheck)[0]) }
    }
    const pair = registry.lpPairs.get(token)
    return pair ? lpPrice(pair) : { ok: false, reason: 'no-route' }
  }

  /** The token's price along one route, and the pairs that route goes through. */
  const priceVia = (token: Address, route: Route): [TokenPrice, Set<Address>] => {
    if ('feed' in route) {
      const feed = registry.priceFeeds.get(route.feed as Address)!
      const round = inputs.feeds.get(feed.address)
      if (!round)
        return [{ ok: false, reason: 'unreadable', contract: feed.address, source: { kind: 'feed', address: feed.address, ageSeconds: 0 } }, new Set()]
      const source: PriceSource = {
        kind: 'feed',
        address: feed.address,
        ageSeconds: inputs.timestamp - Number(round.updatedAt),
        heartbeatSeconds: feed.heartbeatSeconds,
      }
      return [{ ...priceFromFeed(round, round.decimals, feed.heartbeatSeconds, inputs.timestamp), source }, new Set()]
    }
    const pair = registry.lpPairs.get(route.pair as Address)!
    const other = pair.token0 === token ? pair.token1 : pair.token0
    const otherPrice = resolve(other)
    const pairs = new Set([pair.address, ...(routePairs.get(other) ?? [])])
    const source: PriceSource = { kind: 'pair', address: pair.address, ageSeconds: 0 }
    const via = [other]
    if (!otherPrice.ok) return [{ ok: false, reason: 'unpriced-dependency', token: other, source, via }, pairs]
    const reserves = inputs.pairs.get(pair.address)
    const [ownDecimals, otherDecimals] = [inputs.decimals(token), inputs.decimals(other)]
    if (!reserves || ownDecimals === undefined || otherDecimals === undefined)
      return [{ ok: false, reason: 'unreadable', contract: pair.address, source, via }, pairs]
    const [own, theirs] = pair.token0 === token ? [reserves.reserve0, reserves.reserve1] : [reserves.reserve1, reserves.reserve0]
    // Both sides are worth the same at the pair's own rate: twice the priced side.
    source.liquidityUsd = 2 * toUnits(theirs, otherDecimals) * otherPrice.usd
    if (source.liquidityUsd < policy.minPriceLiquidityUsd)
      return [
        { ok: false, reason: 'thin-liquidity', pair: pair.address, liquidityUsd: source.liquidityUsd, minimumUsd: policy.minPriceLiquidityUsd, source, via },
        pairs,
      ]
    const price = priceFromPair(pair.address, { reserve: own, decimals: ownDecimals }, { reserve: theirs, decimals: otherDecimals, usd: otherPrice.usd })
    return [{ ...price, source, via }, pairs]
  }

  const lpPrice = (pair: { address: Address; token0: Address; token1: Address }): TokenPrice => {
    const reserves = inputs.pairs.get(pair.address)
    const [price0, price1] = [resolve(pair.token0), resolve(pair.token1)]
    const source: PriceSource = { kind: 'lp', address: pair.address, ageSeconds: 0 }
    const via = [pair.token0, pair.token1]
    if (!price0.ok) return { ok: false, reason: 'unpriced-dependency', token: pair.token0, source, via }
    if (!price1.ok) return { ok: false, reason: 'unpriced-dependency', token: pair.token1, source, via }
    const [decimals0, decimals1] = [inputs.decimals(pair.token0), inputs.decimals(pair.token1)]
    if (!reserves || decimals0 === undefined || decimals1 === undefined) return { ok: false, reason: 'unreadable', contract: pair.address, source, via }
    source.liquidityUsd = toUnits(reserves.reserve0, decimals0) * price0.usd + toUnits(reserves.reserve1, decimals1) * price1.usd
    const independent = !routePairs.get(pair.token0)?.has(pair.address) && !routePairs.get(pair.token1)?.has(pair.address)
    const side0 = { decimals: decimals0, usd: price0.usd }
    const side1 = { decimals: decimals1, usd: price1.usd }
    return { ...lpTokenPrice({ ...reserves, decimals: inputs.decimals(pair.address) ?? 18 }, side0, side1, independent, pair.address), source, via }
  }

  for (const token of registry.tokens.keys()) resolve(token)
  for (const pair of registry.lpPairs.keys()) resolve(pair)
  return prices
}

function checkOf(usd: number, second: TokenPrice): PriceCheck {
  if (!second.ok) return { ...(second.source && { source: second.source }), usd: null, deviationPercent: null }
  return { ...(second.source && { source: second.source }), usd: second.usd, deviationPercent: (Math.abs(usd - second.usd) / second.usd) * 100 }
}
