import type { Address } from 'viem'
import type { ServiceContext } from '../context.js'
import type { Bridge, TokenMetadata } from '../schema/index.js'
import { bridgeList } from './bridgeList.js'
import { freshnessOf, type Freshness } from './freshness.js'
import { perState } from './perState.js'
import { pricedStateOf } from './pricedStateOf.js'
import { tokenMetadata } from './tokenMetadata.js'
import { chainTvl } from './tvl.js'

/** The E1 platforms and the fields each returns (`total` always). */
export const TVL_PLATFORMS = {
  all: ['bridgeTvl', 'poolTvl', 'yieldTvl'],
  bridge: ['bridgeTvl'],
  pool: ['poolTvl'],
  yield: ['yieldTvl'],
} as const

export type TvlPlatform = keyof typeof TVL_PLATFORMS

export type TvlAnswer = Partial<Record<'bridgeTvl' | 'poolTvl' | 'yieldTvl', number>> & { total: number; warnings: string[] }

/**
 * E1: TVL over every configured chain (each chain's state read in parallel, or taken from its
 * snapshot), with the fields of the platform and `total` = their sum. Values that could not be
 * priced are not counted and are named in `warnings`.
 */
export async function totalValueLocked(ctx: ServiceContext, platform: TvlPlatform): Promise<{ tvl: TvlAnswer; freshness: Freshness }> {
  const states = await Promise.all([...ctx.chains.keys()].map((chainId) => pricedStateOf(ctx, chainId, '/querystring/chain')))
  const parts = states.map((priced) => perState(priced, 'tvl', () => chainTvl(priced)))
  const tvl: Partial<Record<'bridgeTvl' | 'poolTvl' | 'yieldTvl', number>> = {}
  let total = 0
  for (const field of TVL_PLATFORMS[platform]) {
    tvl[field] = parts.reduce((sum, part) => sum + part[field], 0)
    total += tvl[field]
  }
  const warnings = [...new Set(parts.flatMap((part) => TVL_PLATFORMS[platform].flatMap((field) => part.warnings[field])))]
  return { tvl: { ...tvl, total, warnings }, freshness: freshnessOf(states, true) }
}

/** U3: the token metadata map of a chain. */
export async function chainTokens(ctx: ServiceContext, chainId: number): Promise<{ tokens: Record<Address, TokenMetadata>; omitted: Address[]; freshness: Freshness }> {
  const priced = await pricedStateOf(ctx, chainId, '/querystring/chain')
  return { ...tokenMetadata(priced.registry, priced.state.tokens), freshness: freshnessOf([priced]) }
}

const BRIDGE_CHAINS = [1, 56]

/** E3: the bridge list, decimals from the registry or from the bridged tokens on chain. */
export async function bridges(ctx: ServiceContext): Promise<{ bridges: Bridge[]; omitted: string[]; freshness: Freshness }> {
  const chainIds = BRIDGE_CHAINS.filter((chainId) => ctx.chains.has(chainId) && ctx.registry.chains.has(chainId))
  const states = await Promise.all(chainIds.map((chainId) => pricedStateOf(ctx, chainId, '/')))
  const list = bridgeList(ctx.registry, (chainId) => states.find((priced) => priced.state.chainId === chainId)?.state.tokens)
  return { ...list, freshness: freshnessOf(states, true) }
}
