import { chainFor, type ServiceContext } from '../context.js'
import { actionError } from '../tx/index.js'
import { chainPrices, type PricedState } from './chainPrices.js'
import { readChainState } from './readChainState.js'

/**
 * A chain's priced state at its latest block: one Multicall3 pass (plus the static facts, read
 * once). `path` names the request field that chose the chain, for a 400 when it is not configured.
 */
export async function pricedStateOf(ctx: ServiceContext, chainId: number, path: string): Promise<PricedState> {
  const { chain, registry } = chainFor(ctx, chainId, path)
  try {
    return chainPrices(registry, await readChainState(chain, registry, ctx.facts))
  } catch (error) {
    throw actionError(error, chain, 'read')
  }
}
