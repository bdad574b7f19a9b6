import type { Address } from 'viem'
import type { PriceSourceField, TokenPriceEntry } from '../schema/index.js'
import type { PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { jumpFlags } from './figureFlags.js'
import { priceFlags } from './priceFlags.js'
import type { PriceSource } from './resolvePrices.js'

/**
 * A token's price as `/prices` and `/tokens` serve it: USD, its source at the state's block, the
 * second route's price where the registry gives one, why there is none, and its flags.
 */
export function priceEntry(priced: PricedState, token: Address): TokenPriceEntry {
  const price = priced.prices.get(token)
  const blockNumber = priced.state.blockNumber.toString()
  const sourceOf = (source: PriceSource): PriceSourceField => ({ ...source, blockNumber })
  if (!price) return { usd: null, priceSource: null, priceNote: `${token} is not a registered token or LP pair on chain ${priced.state.chainId}` }
  const flags = [...priceFlags(priced, token, 'usd'), ...jumpFlags(priced, token, 'usd')]
  const entry: TokenPriceEntry = {
    usd: price.ok ? price.usd : null,
    priceSource: price.source ? sourceOf(price.source) : null,
    ...(price.ok &&
      price.check?.source && {
        priceCheck: { priceSource: sourceOf(price.check.source), usd: price.check.usd, deviationPercent: price.check.deviationPercent },
      }),
    ...(!price.ok && { priceNote: describePriceFailure(token, price) }),
    ...(flags.length > 0 && { flags }),
  }
  return entry
}

/** Every registered token and LP pair of the priced state's chain with its price entry, by address. */
export function priceEntries(priced: PricedState): Record<Address, TokenPriceEntry> {
  const entries: Record<Address, TokenPriceEntry> = {}
  for (const token of [...priced.registry.tokens.keys(), ...priced.registry.lpPairs.keys()]) entries[token] = priceEntry(priced, token)
  return entries
}
