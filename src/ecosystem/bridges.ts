import { onChain, type ServiceContext, freshnessOf, pricedStateOf, type Freshness } from '../answer-state/index.js'
import type { Bridge } from '../schema/index.js'
import { bridgeList } from './bridgeList.js'

const BRIDGE_CHAINS = [1, 56]

/** E3: the bridge list, decimals from the registry or from the bridged tokens on chain. */
export async function bridges(ctx: ServiceContext): Promise<{ bridges: Bridge[]; omitted: string[]; freshness: Freshness }> {
  const chainIds = BRIDGE_CHAINS.filter((chainId) => ctx.chains.has(chainId) && ctx.registry.chains.has(chainId))
  const states = await Promise.all(chainIds.map((chainId) => pricedStateOf(onChain(ctx, chainId))))
  const list = bridgeList(ctx.registry, (chainId) => states.find((priced) => priced.state.chainId === chainId)?.state.tokens)
  return { ...list, freshness: freshnessOf(states, true) }
}
