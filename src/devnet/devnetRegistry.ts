import type { Address } from 'viem'
import type { ChainConfig } from '../config/index.js'
import { knownChains } from '../config/index.js'
import type { ChainRegistryFile, LpPairEntry, RegistryFile, RewardPoolEntry, TokenEntry } from '../registry/index.js'
import type { DevnetChainManifest, DevnetManifest } from './manifest.js'

/**
 * The chain settings of the devnet: one RPC URL each, and the names of the chains the devnet
 * stands in for. No block time: it is measured from the chain, as on any node. The devnet's last
 * day of past and its live blocks keep one cadence (layPast), so what a per-block pool's APR says
 * at that block time is what it paid over the last day.
 */
export function devnetChains(manifest: DevnetManifest): ChainConfig[] {
  return Object.values(manifest.chains).map((chain) => {
    const known = knownChains[chain.chainId]
    return {
      chainId: chain.chainId,
      name: `${known?.name ?? `chain ${chain.chainId}`} (devnet)`,
      rpcUrls: [chain.rpcUrl],
      wrappedNative: chain.wrappedNative,
    }
  })
}

/**
 * The registry of what the devnet deployed. Token names, symbols and decimals are left out on
 * purpose, so the service reads them from the chain as it must for a sparse production registry.
 */
export function devnetRegistry(manifest: DevnetManifest): RegistryFile {
  const chains: Record<string, ChainRegistryFile> = {}
  const tickers = new Set<string>()
  for (const chain of Object.values(manifest.chains)) {
    chains[String(chain.chainId)] = chainRegistry(chain)
    for (const bridge of chain.bridgeTokens) tickers.add(bridge.ticker)
  }
  const bridges = [...tickers].map((ticker) => ({ ticker, symbol: ticker, name: `${ticker} (bridged)` }))
  return { chains, bridges }
}

type TokenNames = { symbolOf: Map<Address, string>; lpName(pair: Address): string | undefined }

/** Symbols by address (the family pools' own tokens included), and "A-B LP" names of the pairs. */
function tokenNames(chain: DevnetChainManifest): TokenNames {
  const symbolOf = new Map<Address, string>(
    Object.entries({ ...chain.tokens, ...chain.rewardPoolFamilies.tokens }).map(([symbol, address]) => [address, symbol]),
  )
  const lpName = (pair: Address) => {
    const entry = [...chain.pairs, ...chain.rewardPoolFamilies.pairs].find((candidate) => candidate.address === pair)
    return entry ? `${symbolOf.get(entry.token0)}-${symbolOf.get(entry.token1)} LP` : undefined
  }
  return { symbolOf, lpName }
}

function chainRegistry(chain: DevnetChainManifest): ChainRegistryFile {
  const names = tokenNames(chain)
  const { symbolOf, lpName } = names
  const routes = priceRoutes(chain)
  const tokens: TokenEntry[] = [
    ...Object.values(chain.tokens).map((address) => ({
      address,
      image: `https://assets.devnet.local/tokens/${symbolOf.get(address)?.toLowerCase()}.svg`,
      ...(routes.has(address) && { price: routes.get(address)! }),
    })),
    ...chain.lpTokens.map((address) => ({ address, image: 'https://assets.devnet.local/tokens/lp.svg' })),
  ]
  const families = rewardPoolFamilyRegistry(chain)
  return {
    tokens: [...tokens, ...families.tokens],
    priceFeeds: chain.feeds.map((feed) => ({ address: feed.address, token: feed.token, heartbeatSeconds: feed.heartbeat })),
    lpPairs: [...chain.pairs.map((pair) => ({ address: pair.address, token0: pair.token0, token1: pair.token1 })), ...families.lpPairs],
    vaults: chain.vaults.map((vault, index) => ({
      address: vault.address,
      kind: vault.kind,
      name: `${vault.kind === 'beefy' ? 'Beefy' : 'ERC-4626'} ${symbolOf.get(vault.want) ?? lpName(vault.want) ?? `vault ${index}`}`,
      want: vault.want,
      ...(vault.strategy && { strategy: vault.strategy }),
      zaps: vault.zap && vault.zapTokenIn ? [{ address: vault.zap, defaultTokenIn: vault.zapTokenIn }] : [],
      ...(vault.performanceFee !== undefined && { performanceFee: vault.performanceFee }),
      // The devnet's ERC-4626 vault holds what it and its strategy hold: every change is a logged transfer.
      ...(vault.kind === 'erc4626' && { changesWithoutEvents: false }),
    })),
    // The reference pools first (their order is the manifest's), then one pool of each public family.
    rewardPools: [
      ...chain.rewardPools.map((pool, index) => poolMetadata(chain, names, pool, `Demo Reward Pool ${index + 1}`, `${index + 1}`)),
      ...families.rewardPools,
    ],
    bridges: chain.bridgeTokens.map((bridge) => ({ address: bridge.bridge, token: bridge.token, ticker: bridge.ticker })),
  }
}

/** The off-chain metadata of a devnet reward pool entry, the same for every family. */
function poolMetadata(
  chain: DevnetChainManifest,
  { symbolOf, lpName }: TokenNames,
  pool: { address: Address; rewardTokens: Address[]; stakingTokens: Address[] },
  name: string,
  imageKey: string,
): RewardPoolEntry {
  return {
    address: pool.address,
    name,
    subtitle: `Stake ${pool.stakingTokens.map((token) => symbolOf.get(token) ?? lpName(token)).join(', ')}`,
    description: `Earn ${pool.rewardTokens.map((token) => symbolOf.get(token)).join(' and ')} on the devnet of chain ${chain.chainId}.`,
    image: `https://assets.devnet.local/pools/${imageKey}.svg`,
    keywords: ['devnet', 'staking', ...pool.rewardTokens.map((token) => symbolOf.get(token) ?? token)],
    links: {
      website: { label: 'Website', url: 'https://devnet.local' },
      twitter: { label: 'Twitter', url: 'https://twitter.com/devnet' },
      telegram: { label: 'Telegram', url: 'https://t.me/devnet' },
    },
    minimumAllocationPoint: 100,
    timeLockDuration: 0,
  }
}

type RewardPoolFamilyKind = DevnetChainManifest['rewardPoolFamilies']['pools'][number]['kind']

/**
 * A registry entry of a reward pool of a public family: the metadata every reward pool has, and
 * its `kind` (RewardPoolEntry's optional `kind`, required here). The devnet's MasterChef is SushiSwap's own, so it needs none of the optional keys
 * of forks (`pendingFunction`, `rewardTokenFunction`, `rewardPerBlockFunction`).
 */
export type RewardPoolFamilyEntry = RewardPoolEntry & { kind: RewardPoolFamilyKind }

const FAMILY_NAMES: Record<RewardPoolFamilyKind, string> = {
  masterchef: 'SushiSwap MasterChef',
  'staking-rewards': 'Synthetix StakingRewards',
  'multi-rewards': 'MultiRewards',
}

/**
 * What a registry needs to serve the devnet's pools of the public families: their entries (with
 * `kind`), the tokens they brought (SUSHI) priced through their pairs, and those pairs (as LP tokens too).
 * `devnetRegistry` spreads each list into the chain's `tokens`, `lpPairs` and `rewardPools`.
 */
export function rewardPoolFamilyRegistry(chain: DevnetChainManifest): {
  tokens: TokenEntry[]
  lpPairs: LpPairEntry[]
  rewardPools: RewardPoolFamilyEntry[]
} {
  const families = chain.rewardPoolFamilies
  const names = tokenNames(chain)
  const pairOf = (token: Address) => families.pairs.find((pair) => pair.token0 === token || pair.token1 === token)
  return {
    tokens: [
      ...Object.entries(families.tokens).map(([symbol, address]) => {
        const pair = pairOf(address)
        return { address, image: `https://assets.devnet.local/tokens/${symbol.toLowerCase()}.svg`, ...(pair && { price: { pair: pair.address } }) }
      }),
      // Their pairs are LP tokens too, as every other pair of the devnet is.
      ...families.pairs.map((pair) => ({ address: pair.address, image: 'https://assets.devnet.local/tokens/lp.svg' })),
    ],
    lpPairs: families.pairs.map((pair) => ({ address: pair.address, token0: pair.token0, token1: pair.token1 })),
    rewardPools: families.pools.map((pool) => ({ ...poolMetadata(chain, names, pool, `${FAMILY_NAMES[pool.kind]} (devnet)`, pool.kind), kind: pool.kind })),
  }
}

/**
 * Each token's shortest route to a feed: fed tokens by their feed, the others through a pair
 * whose other side is already priced (breadth first, so TOKEN→WNATIVE→feed beats longer hops).
 */
function priceRoutes(chain: DevnetChainManifest): Map<Address, TokenEntry['price'] & object> {
  const routes = new Map<Address, NonNullable<TokenEntry['price']>>()
  for (const feed of chain.feeds) routes.set(feed.token, { feed: feed.address })
  let frontier = [...routes.keys()]
  while (frontier.length > 0) {
    const next: Address[] = []
    for (const priced of frontier) {
      for (const pair of chain.pairs) {
        const other = pair.token0 === priced ? pair.token1 : pair.token1 === priced ? pair.token0 : undefined
        if (other && !routes.has(other)) {
          routes.set(other, { pair: pair.address })
          next.push(other)
        }
      }
    }
    frontier = next
  }
  return routes
}
