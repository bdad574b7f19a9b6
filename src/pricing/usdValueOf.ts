import type { Address } from 'viem'
import type { PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { toUnits } from './priceMath.js'

/** A USD value, or the sentence saying why there is none. */
export type Valued = { ok: true; usd: number } | { ok: false; warning: string }

/** USD value of `amount` (lowest denomination) of `token` at the state's block. */
export function usdValueOf(priced: PricedState, token: Address, amount: bigint): Valued {
  const price = priced.prices.get(token)
  if (!price) return { ok: false, warning: `${token} cannot be priced: it is not a registered token or LP pair on chain ${priced.state.chainId}` }
  if (!price.ok) return { ok: false, warning: `chain ${priced.state.chainId}: ${describePriceFailure(token, price)}` }
  const decimals = priced.decimals(token)
  if (decimals === undefined) return { ok: false, warning: `chain ${priced.state.chainId}: ${token} did not answer decimals()` }
  return { ok: true, usd: toUnits(amount, decimals) * price.usd }
}
