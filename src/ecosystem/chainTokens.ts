import type { Address } from 'viem'
import { type ChainContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import type { TokenMetadata } from '../schema/index.js'
import { tokenMetadata } from './tokenMetadata.js'

/** U3: the token metadata map of a chain. */
export async function chainTokens(ctx: ChainContext): Promise<{ tokens: Record<Address, TokenMetadata>; omitted: Address[]; freshness: Freshness }> {
  const priced = await pricedStateOf(ctx)
  return { ...tokenMetadata(priced), freshness: freshnessOf([priced]) }
}
