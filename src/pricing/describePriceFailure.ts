import type { TokenPrice } from './resolvePrices.js'

/** A sentence saying why `token` has no price, for errors and `warnings`. */
export function describePriceFailure(token: string, price: Extract<TokenPrice, { ok: false }>): string {
  switch (price.reason) {
    case 'stale-feed':
      return `${token} cannot be priced: its feed's last round (at ${new Date(price.updatedAt * 1000).toISOString()}) is older than the ${price.heartbeatSeconds} s heartbeat`
    case 'bad-feed-answer':
      return `${token} cannot be priced: its feed answers ${price.answer}, not a positive price`
    case 'empty-pair':
      return `${token} cannot be priced: pair ${price.pair} has an empty side`
    case 'thin-liquidity':
      return `${token} cannot be priced: pair ${price.pair} holds $${usd(price.liquidityUsd)}, under the $${usd(price.minimumUsd)} a price route needs (MIN_PRICE_LIQUIDITY_USD)`
    case 'no-route':
      return `${token} cannot be priced: the registry gives it no price route`
    case 'unpriced-dependency':
      return `${token} cannot be priced: its route goes through ${price.token}, which has no price`
    case 'unreadable':
      return `${token} cannot be priced: ${price.contract} did not answer its reads`
  }
}

function usd(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 0 })
}
