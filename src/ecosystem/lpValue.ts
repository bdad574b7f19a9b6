import type { Address } from 'viem'
import { onChain, type ServiceContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import { invalidRequest, priceUnavailable, tokenNotFound } from '../errors/index.js'
import { usdValueOf } from '../pricing/index.js'

/**
 * U2: the USD value of `amount` (lowest denomination) of an LP token. Without `chainId`, the chain
 * where the LP token is registered. An LP token the registry does not know is a 404; one that
 * cannot be priced is a 422 saying why (never a 0).
 */
export async function lpValue(
  ctx: ServiceContext,
  input: { lpToken: Address; amount: bigint; chainId?: number },
): Promise<{ usd: number; chainId: number; freshness: Freshness }> {
  const { lpToken } = input
  // A chain that is not configured is a 400 on `chainId`, before looking for the token.
  if (input.chainId !== undefined) onChain(ctx, input.chainId)
  const candidates = [...ctx.registry.chains.values()].filter(
    (registry) => ctx.chains.has(registry.chainId) && registry.lpPairs.has(lpToken) && (input.chainId === undefined || registry.chainId === input.chainId),
  )
  const registry = candidates[0]
  if (!registry)
    throw tokenNotFound(`${lpToken} is not a registered LP token on ${input.chainId === undefined ? 'any configured chain' : `chain ${input.chainId}`}`)
  if (candidates.length > 1)
    throw invalidRequest(`${lpToken} is an LP token on chains ${candidates.map((candidate) => candidate.chainId).join(', ')}; say which with chain`, {
      errors: [{ path: '/querystring/chain', message: 'is required: the LP token exists on several chains' }],
    })
  const priced = await pricedStateOf(onChain(ctx, registry.chainId))
  const value = usdValueOf(priced, lpToken, input.amount)
  if (!value.ok) throw priceUnavailable(value.warning)
  return { usd: value.usd, chainId: registry.chainId, freshness: freshnessOf([priced]) }
}
