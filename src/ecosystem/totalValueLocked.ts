import { onChain, type ServiceContext, freshnessOf, perState, pricedStateOf, type Freshness } from '../answer-state/index.js'
import { chainTvl } from '../pricing/index.js'

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
export async function totalValueLocked(ctx: ServiceContext, { platform }: { platform: TvlPlatform }): Promise<{ tvl: TvlAnswer; freshness: Freshness }> {
  const states = await Promise.all([...ctx.chains.keys()].map((chainId) => pricedStateOf(onChain(ctx, chainId))))
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
