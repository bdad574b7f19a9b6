import type { Address } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import type { Bridge, TokenMetadata } from '../schema/index.js'
import { bridgeList } from './bridgeList.js'
import { pricedStateOf } from './pricedStateOf.js'
import { staticFactsFor } from './staticFactsFor.js'
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

/** Block numbers per chain, for the `x-block-numbers` header. */
export type BlockNumbers = Record<number, bigint>

/**
 * E1: TVL over every configured chain, read in parallel (one Multicall3 pass per chain), with the
 * fields of the platform and `total` = their sum. Values that could not be priced are not counted
 * and are named in `warnings`.
 */
export async function totalValueLocked(
  ctx: ServiceContext,
  platform: TvlPlatform,
): Promise<{ tvl: Partial<Record<'bridgeTvl' | 'poolTvl' | 'yieldTvl', number>> & { total: number; warnings: string[] }; blockNumbers: BlockNumbers }> {
  const parts = await Promise.all([...ctx.chains.keys()].map(async (chainId) => chainTvl(await pricedStateOf(ctx, chainId, '/querystring/chain'))))
  const tvl: Partial<Record<'bridgeTvl' | 'poolTvl' | 'yieldTvl', number>> = {}
  let total = 0
  for (const field of TVL_PLATFORMS[platform]) {
    tvl[field] = parts.reduce((sum, part) => sum + part[field], 0)
    total += tvl[field]
  }
  const warnings = [...new Set(parts.flatMap((part) => TVL_PLATFORMS[platform].flatMap((field) => part.warnings[field])))]
  return { tvl: { ...tvl, total, warnings }, blockNumbers: Object.fromEntries(parts.map((part) => [part.chainId, part.blockNumber])) }
}

/** U3: the token metadata map of a chain (static facts: no RPC after the first request). */
export async function chainTokens(ctx: ServiceContext, chainId: number): Promise<{ tokens: Record<Address, TokenMetadata>; omitted: Address[]; blockNumber: bigint }> {
  const { registry } = chainFor(ctx, chainId, '/querystring/chain')
  const facts = await staticFactsFor(ctx, chainId, '/querystring/chain')
  return { ...tokenMetadata(registry, facts.tokens), blockNumber: facts.blockNumber }
}

/** E3: the bridge list, decimals from the registry or from the bridged tokens on chain. */
export async function bridges(ctx: ServiceContext): Promise<{ bridges: Bridge[]; omitted: string[]; blockNumbers: BlockNumbers }> {
  const chainIds = [1, 56].filter((chainId) => ctx.chains.has(chainId) && ctx.registry.chains.has(chainId))
  const facts = new Map(await Promise.all(chainIds.map(async (chainId) => [chainId, await staticFactsFor(ctx, chainId, '/')] as const)))
  const list = bridgeList(ctx.registry, (chainId) => facts.get(chainId)?.tokens)
  return { ...list, blockNumbers: Object.fromEntries([...facts].map(([chainId, fact]) => [chainId, fact.blockNumber])) }
}
