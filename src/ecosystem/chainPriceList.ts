import type { Address } from 'viem'
import { type ChainContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import { priceEntries } from '../pricing/index.js'
import type { TokenPriceEntry } from '../schema/index.js'

/** Every registered token and LP pair of a chain with its USD price, where it comes from, and its flags. */
export async function chainPriceList(ctx: ChainContext): Promise<{ prices: Record<Address, TokenPriceEntry>; freshness: Freshness }> {
  const priced = await pricedStateOf(ctx)
  return { prices: priceEntries(priced), freshness: freshnessOf([priced]) }
}
