import type { Address } from 'viem'
import type { ChainRegistry } from '../registry/index.js'
import { lpTokenPrice, priceFromFeed, priceFromPair, type PriceFailure } from './priceMath.js'

/** A token's USD price and where it came from, or why there is none. */
export type TokenPrice = { ok: true; usd: number; source: string } | ({ ok: false; source?: string } & PriceFailure)

/** The raw chain values prices are made of, all read at one block; undefined = the read failed. */
export interface PriceInputs {
  /** Seconds, the block's timestamp: feed staleness is judged against it. */
  timestamp: number
  decimals: (token: Address) => number | undefined
  feeds: Map<Address, { answer: bigint; updatedAt: bigint; decimals: number } | undefined>
  pairs: Map<Address, { reserve0: bigint; reserve1: bigint; totalSupply: bigint } | undefined>
}

/**
 * Prices every registered token and LP pair of a chain from values read at one block, following
 * each token's registered route (feed, or a pair against a priced token, hop by hop) and valuing
 * LP tokens by fair reserves where both sides are priced independently of that pair.
 */
export function resolvePrices(registry: ChainRegistry, inputs: PriceInputs): Map<Address, TokenPrice> {
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
    const route = registry.tokens.get(token)?.price
    if (route && 'feed' in route) {
      const feed = registry.priceFeeds.get(route.feed as Address)!
      const round = inputs.feeds.get(feed.address)
      const source = `feed:${feed.address}`
      routePairs.set(token, new Set())
      if (!round) return { ok: false, reason: 'unreadable', contract: feed.address, source }
      return { ...priceFromFeed(round, round.decimals, feed.heartbeatSeconds, inputs.timestamp), source }
    }
    if (route && 'pair' in route) {
      const pair = registry.lpPairs.get(route.pair as Address)!
      const source = `pair:${pair.address}`
      const reserves = inputs.pairs.get(pair.address)
      const isToken0 = pair.token0 === token
      const other = isToken0 ? pair.token1 : pair.token0
      const otherPrice = resolve(other)
      routePairs.set(token, new Set([pair.address, ...(routePairs.get(other) ?? [])]))
      if (!otherPrice.ok) return { ok: false, reason: 'unpriced-dependency', token: other, source }
      const [ownDecimals, otherDecimals] = [inputs.decimals(token), inputs.decimals(other)]
      if (!reserves || ownDecimals === undefined || otherDecimals === undefined) return { ok: false, reason: 'unreadable', contract: pair.address, source }
      const [own, theirs] = isToken0 ? [reserves.reserve0, reserves.reserve1] : [reserves.reserve1, reserves.reserve0]
      return {
        ...priceFromPair(pair.address, { reserve: own, decimals: ownDecimals }, { reserve: theirs, decimals: otherDecimals, usd: otherPrice.usd }),
        source,
      }
    }
    const pair = registry.lpPairs.get(token)
    if (pair) {
      const reserves = inputs.pairs.get(pair.address)
      const [price0, price1] = [resolve(pair.token0), resolve(pair.token1)]
      if (!price0.ok) return { ok: false, reason: 'unpriced-dependency', token: pair.token0 }
      if (!price1.ok) return { ok: false, reason: 'unpriced-dependency', token: pair.token1 }
      const [decimals0, decimals1] = [inputs.decimals(pair.token0), inputs.decimals(pair.token1)]
      if (!reserves || decimals0 === undefined || decimals1 === undefined) return { ok: false, reason: 'unreadable', contract: pair.address }
      const independent = !routePairs.get(pair.token0)?.has(pair.address) && !routePairs.get(pair.token1)?.has(pair.address)
      return {
        ...lpTokenPrice(
          { ...reserves, decimals: inputs.decimals(pair.address) ?? 18 },
          { decimals: decimals0, usd: price0.usd },
          { decimals: decimals1, usd: price1.usd },
          independent,
          pair.address,
        ),
        source: `${independent ? 'lp-fair' : 'lp-sum'}:${pair.address}`,
      }
    }
    return { ok: false, reason: 'no-route' }
  }

  for (const token of registry.tokens.keys()) resolve(token)
  for (const pair of registry.lpPairs.keys()) resolve(pair)
  return prices
}
