import type { Address } from 'viem'
import type { ChainState } from '../chain-snapshot/index.js'
import { chainPrices, toUnits, type FigurePolicy, type PricedState } from '../pricing/index.js'
import type { ChainRegistryFile, TokenEntry } from '../registry/index.js'
import { discoveredChain } from './discoveredChain.js'

type PriceRoute = NonNullable<TokenEntry['price']>

/**
 * Each token's price route: its feed when one is registered for it; otherwise, round by round,
 * the deepest pair by USD liquidity (both sides, valued at the priced side's price) to a token
 * priced in an earlier round. A token reached in round k is k hops from a feed, and among the pairs
 * at that distance the deepest wins. LP tokens get no route: they are priced by fair reserves.
 * Returns the file with its routes, and the prices along them at the state's block.
 */
export function chooseRoutes(
  chainId: number,
  file: ChainRegistryFile,
  state: ChainState,
  figurePolicy: FigurePolicy,
): { file: ChainRegistryFile; priced: PricedState } {
  const pairs = file.lpPairs ?? []
  const lpTokens = new Set(pairs.map((pair) => pair.address))
  const routes = new Map<string, PriceRoute>()
  for (const feed of file.priceFeeds ?? []) routes.set(feed.token, { feed: feed.address })
  const withRoutes = (): ChainRegistryFile => ({
    ...file,
    tokens: file.tokens.map((token) => {
      const route = routes.get(token.address)
      return route ? { ...token, price: route } : token
    }),
  })
  const price = (current: ChainRegistryFile) => {
    return chainPrices(discoveredChain(chainId, current), state, { takenAt: Date.now(), figurePolicy })
  }
  for (;;) {
    const current = withRoutes()
    const priced = price(current)
    const chosen = new Map<string, { pair: Address; liquidityUsd: number }>()
    for (const pair of pairs) {
      const reserves = state.pairs.get(pair.address as Address)
      if (!reserves) continue
      for (const [token, other, reserve] of [
        [pair.token0, pair.token1, reserves.reserve1],
        [pair.token1, pair.token0, reserves.reserve0],
      ] as const) {
        if (routes.has(token) || lpTokens.has(token)) continue
        const otherPrice = priced.prices.get(other as Address)
        const decimals = priced.decimals(other as Address)
        if (!otherPrice?.ok || decimals === undefined) continue
        const liquidityUsd = 2 * toUnits(reserve, decimals) * otherPrice.usd
        const best = chosen.get(token)
        if (!best || liquidityUsd > best.liquidityUsd) chosen.set(token, { pair: pair.address as Address, liquidityUsd })
      }
    }
    if (chosen.size === 0) return { file: current, priced }
    for (const [token, { pair }] of chosen) routes.set(token, { pair })
  }
}
