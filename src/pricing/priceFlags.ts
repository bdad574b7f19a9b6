import type { Address } from 'viem'
import { symbolOf } from '../chain-snapshot/index.js'
import type { Flag } from '../schema/index.js'
import type { PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { DEFAULT_FIGURE_POLICY } from './resolvePrices.js'

/**
 * The flags a figure priced from `token` carries under `field`: every price it rests on (the
 * token's, then those its route is made of, hop by hop) that its second route disagrees with by
 * more than the policy allows, that a pair too thin did not give, or that a stale feed did not give.
 */
export function priceFlags(priced: PricedState, token: Address, field: string): Flag[] {
  const { priceCheckMaxDeviationPercent: maxDeviation } = priced.figurePolicy ?? DEFAULT_FIGURE_POLICY
  const flags = new Map<string, Flag>()
  const seen = new Set<Address>()
  const visit = (address: Address) => {
    if (seen.has(address)) return
    seen.add(address)
    const price = priced.prices.get(address)
    if (!price) return
    if (price.ok && price.check?.deviationPercent != null && price.check.deviationPercent > maxDeviation) {
      const detail = `${nameOf(priced, address)}'s price $${usd(price.usd)} (${price.source?.kind} ${price.source?.address}) differs by ${price.check.deviationPercent.toFixed(1)} % from its check route's $${usd(price.check.usd!)} (${price.check.source?.kind} ${price.check.source?.address}), over the ${maxDeviation} % allowed (PRICE_CHECK_MAX_DEVIATION_PERCENT)`
      flags.set(`price-check ${address}`, { field, kind: 'price-check', detail })
    }
    if (!price.ok && price.reason === 'thin-liquidity')
      flags.set(`thin ${address}`, { field, kind: 'thin-liquidity', detail: describePriceFailure(nameOf(priced, address), price) })
    if (!price.ok && (price.reason === 'stale-feed' || price.reason === 'bad-feed-answer'))
      flags.set(`stale ${address}`, { field, kind: 'stale-feed', detail: describePriceFailure(nameOf(priced, address), price) })
    for (const next of price.via ?? []) visit(next)
  }
  visit(token)
  return [...flags.values()]
}

/** A token's name in a flag: looked up only when one is raised, as most prices raise none and every vault and pool asks of several. */
function nameOf(priced: PricedState, address: Address): string {
  return symbolOf(priced.registry, priced.state.tokens, address) ?? address
}

/** A USD price to 4 significant digits. */
function usd(value: number): string {
  return value.toPrecision(4)
}
