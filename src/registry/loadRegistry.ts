import { readFileSync } from 'node:fs'
import { getAddress, type Address } from 'viem'
import { compileCheck, createValidator, toFieldErrors } from '../schema/index.js'
import {
  RegistrySchema,
  type BridgeInfoEntry,
  type ChainBridgeEntry,
  type LpPairEntry,
  type PriceFeedEntry,
  type RegistryFile,
  type RewardPoolEntry,
  type TokenEntry,
  type VaultEntry,
} from './schema.js'

/** A registry that cannot be served; the message names the path of the offending entry. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError'
}

/** A registry entry whose addresses are checksummed. */
export type Registered<T> = T & { address: Address }

/** A registered vault: its own, its want's and its strategy's addresses checksummed. */
export type RegisteredVault = Registered<VaultEntry> & { want: Address; strategy?: Address }

/** One chain's registered contracts, keyed by checksummed address. */
export interface ChainRegistry {
  chainId: number
  tokens: Map<Address, Registered<TokenEntry>>
  priceFeeds: Map<Address, Registered<PriceFeedEntry>>
  lpPairs: Map<Address, Registered<LpPairEntry> & { token0: Address; token1: Address }>
  vaults: Map<Address, RegisteredVault>
  /** Strategy address → the vault it serves. */
  strategies: Map<Address, RegisteredVault>
  rewardPools: Map<Address, Registered<RewardPoolEntry>>
  bridges: (Registered<ChainBridgeEntry> & { token: Address })[]
  /** Entries taken out of service after loading, with the reason (see withhold): empty as loaded. */
  withheld: Map<string, string>
}

export interface Registry {
  chains: Map<number, ChainRegistry>
  bridges: BridgeInfoEntry[]
}

const checkRegistry = compileCheck<RegistryFile>(createValidator({ coerce: false }), RegistrySchema)

/** Reads and validates a registry file (JSON). */
export function loadRegistry(path: string): Registry {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new RegistryError(`registry error: ${path} cannot be read as JSON (${(error as Error).message})`)
  }
  return buildRegistry(parsed, path)
}

/**
 * Validates registry data against the schema and its cross references (price routes, zaps,
 * bridges, duplicates), and indexes it. `source` names the file in messages.
 */
export function buildRegistry(data: unknown, source = 'registry'): Registry {
  const result = checkRegistry(data)
  if (!result.ok) {
    const [first] = toFieldErrors(result.errors)
    throw new RegistryError(`registry error: ${source} ${dotted(first?.path ?? '/')} ${first?.message}`)
  }
  const file = result.value
  const fail = (path: string, message: string): never => {
    throw new RegistryError(`registry error: ${source} ${path} ${message}`)
  }
  const tickers = new Set((file.bridges ?? []).map((bridge) => bridge.ticker))
  const chains = new Map<number, ChainRegistry>()
  for (const [key, entry] of Object.entries(file.chains)) {
    const at = `chains.${key}`
    const tokens = indexUnique(entry.tokens, `${at}.tokens`, fail)
    const priceFeeds = indexUnique(entry.priceFeeds ?? [], `${at}.priceFeeds`, fail)
    const lpPairs = indexUnique(
      (entry.lpPairs ?? []).map((pair) => ({ ...pair, token0: getAddress(pair.token0), token1: getAddress(pair.token1) })),
      `${at}.lpPairs`,
      fail,
    )
    const vaults = indexUnique(
      (entry.vaults ?? []).map(({ strategy, ...vault }) => ({
        ...vault,
        want: getAddress(vault.want),
        ...(strategy && { strategy: getAddress(strategy) }),
        ...(vault.zaps && { zaps: vault.zaps.map((zap) => ({ address: getAddress(zap.address), defaultTokenIn: getAddress(zap.defaultTokenIn) })) }),
      })),
      `${at}.vaults`,
      fail,
    )
    const strategies = new Map<Address, RegisteredVault>()
    for (const vault of vaults.values()) if (vault.strategy) strategies.set(vault.strategy, vault)
    const rewardPools = indexUnique(entry.rewardPools ?? [], `${at}.rewardPools`, fail)
    // Renamed reward functions describe a MasterChef fork; on another family they would be ignored silently.
    for (const [index, pool] of (entry.rewardPools ?? []).entries())
      for (const key of ['pendingFunction', 'rewardTokenFunction', 'rewardPerBlockFunction'] as const)
        if (pool[key] !== undefined && pool.kind !== 'masterchef') fail(`${at}.rewardPools[${index}].${key}`, 'is only for kind "masterchef"')
    // One bridge contract may lock several tokens (one entry each); the same pair twice would count it twice.
    const bridgePairs = new Set<string>()
    const bridges = (entry.bridges ?? []).map((bridge, index) => {
      if (!tickers.has(bridge.ticker)) fail(`${at}.bridges[${index}].ticker`, `"${bridge.ticker}" has no entry in the top-level bridges list`)
      const [address, token] = [getAddress(bridge.address), getAddress(bridge.token)]
      if (bridgePairs.has(`${address}/${token}`)) fail(`${at}.bridges[${index}]`, `${address} with token ${token} is listed twice`)
      bridgePairs.add(`${address}/${token}`)
      return { ...bridge, address, token }
    })
    for (const [index, token] of entry.tokens.entries()) {
      checkPriceRoute(token, token.price, `${at}.tokens[${index}].price`, priceFeeds, lpPairs, fail)
      if (token.priceCheck && !token.price) fail(`${at}.tokens[${index}].priceCheck`, 'checks a price route, so the token needs a price route too')
      checkPriceRoute(token, token.priceCheck, `${at}.tokens[${index}].priceCheck`, priceFeeds, lpPairs, fail)
    }
    checkRouteCycles(tokens, lpPairs, `${at}.tokens`, fail)
    chains.set(Number(key), { chainId: Number(key), tokens, priceFeeds, lpPairs, vaults, strategies, rewardPools, bridges, withheld: new Map() })
  }
  return { chains, bridges: file.bridges ?? [] }
}

function indexUnique<T extends { address: string }>(
  entries: readonly T[],
  at: string,
  fail: (path: string, message: string) => never,
): Map<Address, T & { address: Address }> {
  const index = new Map<Address, T & { address: Address }>()
  entries.forEach((entry, position) => {
    const address = getAddress(entry.address)
    if (index.has(address)) fail(`${at}[${position}].address`, `${address} is listed twice`)
    index.set(address, { ...entry, address })
  })
  return index
}

function checkPriceRoute(
  token: TokenEntry,
  route: TokenEntry['price'],
  at: string,
  feeds: Map<Address, PriceFeedEntry>,
  pairs: Map<Address, LpPairEntry>,
  fail: (path: string, message: string) => never,
): void {
  if (!route) return
  const self = getAddress(token.address)
  if ('feed' in route) {
    const feed = feeds.get(getAddress(route.feed))
    if (!feed) fail(`${at}.feed`, `${route.feed} is not in priceFeeds`)
    else if (getAddress(feed.token) !== self) fail(`${at}.feed`, `${route.feed} prices ${feed.token}, not this token`)
    return
  }
  const pair = pairs.get(getAddress(route.pair))
  if (!pair) fail(`${at}.pair`, `${route.pair} is not in lpPairs`)
  else if (pair.token0 !== self && pair.token1 !== self) fail(`${at}.pair`, `${route.pair} does not hold this token`)
}

/** A token priced through pairs must end at a feed: A via (A,B) and B via (B,A) never does. */
function checkRouteCycles(
  tokens: Map<Address, TokenEntry>,
  pairs: Map<Address, LpPairEntry>,
  at: string,
  fail: (path: string, message: string) => never,
): void {
  for (const start of tokens.values()) {
    const visited = new Set<Address>()
    let current: TokenEntry | undefined = start
    while (current?.price && 'pair' in current.price) {
      const address = getAddress(current.address)
      if (visited.has(address)) fail(`${at}`, `price routes loop through ${[...visited].join(' → ')}`)
      visited.add(address)
      const pair = pairs.get(getAddress(current.price.pair))!
      current = tokens.get(getAddress(pair.token0 === address ? pair.token1 : pair.token0))
    }
  }
}

/** `/chains/56/vaults/0/address` → `chains.56.vaults[0].address` */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((key, index) => (/^[0-9]+$/.test(key) && index > 1 ? `[${key}]` : `${index ? '.' : ''}${key}`))
    .join('')
}
