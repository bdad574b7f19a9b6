import type { Address } from 'viem'
import type { PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { toUnits } from './priceMath.js'

/** A token's USD price per whole token at a block, or why it has none. */
export type PriceAt = { usd: number } | { warning: string }

/** What a block's state says of value: every registered token's price, and every vault's want and share supply (wei, decimal). */
export interface BlockValues {
  prices: Record<Address, PriceAt>
  vaults: Record<Address, { want: string; supply: string }>
}

/** A block's values, or why none can be given (the nodes no longer have that block's state, a reorg replaced it). */
export type BlockPrices = ({ ok: true } & BlockValues) | { ok: false; note: string }

/** The values a priced state gives its block: what is kept under the block's hash. */
export function blockValuesOf(priced: PricedState): BlockValues {
  const values: BlockValues = { prices: {}, vaults: {} }
  for (const [token, price] of priced.prices) values.prices[token] = price.ok ? { usd: price.usd } : { warning: describePriceFailure(token, price) }
  for (const [vault, want] of priced.state.vaultWant) {
    const supply = priced.state.vaultSupply?.get(vault)
    if (want !== undefined && supply !== undefined) values.vaults[vault] = { want: want.toString(), supply: supply.toString() }
  }
  return values
}

/**
 * USD value of `amount` (lowest denomination, `decimals` places) of `token` with the prices of a
 * block; a sentence instead when there is none.
 */
export function valueAt(prices: BlockPrices | undefined, token: Address, amount: bigint, decimals: number | undefined): { usd: number } | { note: string } {
  if (!prices) return { note: `no price of ${token} was read` }
  if (!prices.ok) return { note: prices.note }
  const price = prices.prices[token]
  if (!price) return { note: `${token} cannot be priced: it is not a registered token or LP pair` }
  if ('warning' in price) return { note: price.warning }
  if (decimals === undefined) return { note: `${token} did not answer decimals()` }
  return { usd: toUnits(amount, decimals) * price.usd }
}

/** What `shares` of `vault` were worth in want at a block (want wei, rounded down); undefined when the block's values do not say. */
export function sharesWorthAt(prices: BlockPrices | undefined, vault: Address, shares: bigint): bigint | undefined {
  const totals = prices?.ok ? prices.vaults[vault] : undefined
  if (!totals) return undefined
  const supply = BigInt(totals.supply)
  return supply === 0n ? 0n : (shares * BigInt(totals.want)) / supply
}
