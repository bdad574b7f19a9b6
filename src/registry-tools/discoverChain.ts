import { getAddress, type Address, type Hex } from 'viem'
import { aggregate, FactCache, type ChainClient } from '../chain/index.js'
import { lpPairName, symbolOf, type ChainState } from '../chain-snapshot/index.js'
import { readChainState } from '../chain-state/index.js'
import { describePriceFailure, type FigurePolicy } from '../pricing/index.js'
import { strategyTokenReads } from '../protocols/index.js'
import type { ChainRegistry, ChainRegistryFile, RewardPoolEntry, VaultEntry } from '../registry/index.js'
import { chooseRoutes } from './chooseRoutes.js'
import { discoveredChain } from './discoveredChain.js'
import { classifyContracts, type FoundPool, type FoundVault } from './classifyContracts.js'
import { DEFAULT_HEARTBEAT_SECONDS, type DiscoverInput, type Discovery, type Unresolved } from './Discovery.js'
import { findPairs } from './findPairs.js'

/**
 * A chain's registry read from the chain, given the addresses of its vaults and reward pools:
 * each one's family, want, strategy (and the tokens it earns), pools' staking and reward tokens,
 * the V2 pairs among them (and a factory's between them), every token's symbol and decimals, and
 * each token's price route (chooseRoutes). Off-chain metadata gets plain defaults: names from the
 * tokens, no images or links. What cannot be resolved is listed with its reason; the registry
 * holds everything else, and the service loads it unchanged.
 */
export async function discoverChain(chain: ChainClient, input: DiscoverInput, figurePolicy: FigurePolicy): Promise<Discovery> {
  const unresolved: Unresolved[] = []
  const feeds = input.feeds.map((feed) => ({ ...feed, token: getAddress(feed.token), feed: getAddress(feed.feed) }))
  const named = [
    ...input.vaults.map((address) => ({ entry: 'vault', address })),
    ...input.pools.map((address) => ({ entry: 'reward pool', address })),
    ...input.tokens.map((address) => ({ entry: 'token', address })),
    ...feeds.map(({ feed }) => ({ entry: 'feed', address: feed })),
    ...input.factories.map((address) => ({ entry: 'factory', address })),
  ].map(({ entry, address }) => ({ entry, address: getAddress(address) }))
  const codes = await Promise.all(named.map(({ address }) => chain.request({ method: 'eth_getCode', params: [address, 'latest'] }) as Promise<Hex>))
  const noCode = new Set<Address>()
  named.forEach(({ entry, address }, index) => {
    if (codes[index] !== '0x') return
    noCode.add(address)
    unresolved.push({ entry: `${entry} ${address}`, reason: `no contract at this address on chain ${chain.chainId}` })
  })
  const live = (addresses: readonly Address[]) => [...new Set(addresses.map((address) => getAddress(address)))].filter((address) => !noCode.has(address))

  const classified = await classifyContracts(chain, live(input.vaults), live(input.pools))
  unresolved.push(...classified.unresolved)

  // What the vaults and pools name: staking and reward tokens from the pools' reads, the tokens each strategy earns.
  const first = await readChainState(
    chain,
    discoveredChain(chain.chainId, { tokens: [], vaults: vaultEntries(classified.vaults), rewardPools: poolEntries(classified.pools) }),
    new FactCache(),
  )
  const pools = classified.pools.filter((pool) => {
    if (first.rewardPools.get(pool.address)) return true
    unresolved.push({ entry: `reward pool ${pool.address}`, reason: `answers the ${pool.family.kind} family's lists but not its state reads` })
    return false
  })
  const strategies = classified.vaults.flatMap((vault) => (vault.strategy ? [vault.strategy] : []))
  const earned = await aggregate(
    chain,
    strategies.flatMap((strategy) => strategyTokenReads(strategy)),
    first.blockNumber,
  )
  const vaultAddresses = new Set(classified.vaults.map((vault) => vault.address))
  const met = live([
    ...classified.vaults.map((vault) => vault.want),
    ...pools.flatMap((pool) => first.rewardPools.get(pool.address)!.rewardTokens),
    ...pools.flatMap((pool) => first.rewardPools.get(pool.address)!.stakingPools.map((staking) => staking.stakingToken)),
    ...strategies.flatMap((strategy) => first.strategies?.get(strategy)?.farm?.rewardToken ?? []),
    ...earned.results.flatMap((result) => (result.ok ? [result.value] : [])),
    ...feeds.map((feed) => feed.token),
    ...input.tokens,
  ]).filter((token) => !vaultAddresses.has(token))

  const { lps, factoryPairs, plainTokens } = await findPairs(chain, met, live(input.factories), first.blockNumber)
  const pairs = [...lps, ...factoryPairs]
  const draft: ChainRegistryFile = {
    tokens: [...plainTokens, ...pairs.map((pair) => pair.address)].map((address) => ({ address })),
    priceFeeds: feeds
      .filter((feed) => !noCode.has(feed.feed))
      .map((feed) => ({ address: feed.feed, token: feed.token, heartbeatSeconds: feed.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS })),
    lpPairs: pairs.map(({ address, token0, token1 }) => ({ address, token0, token1 })),
    vaults: vaultEntries(classified.vaults),
    rewardPools: poolEntries(pools),
  }
  const state = await readChainState(chain, discoveredChain(chain.chainId, draft), new FactCache(), { head: first.blockNumber })
  const { file: routed, priced } = chooseRoutes(chain.chainId, draft, state, figurePolicy)
  const registry = described(discoveredChain(chain.chainId, routed), routed, state)

  const lpAddresses = new Set(pairs.map((pair) => pair.address))
  for (const token of registry.tokens) {
    const address = token.address as Address
    const facts = state.tokens.get(address)
    const entry = facts?.symbol === undefined ? `token ${address}` : `token ${facts.symbol} ${address}`
    if (facts?.decimals === undefined) unresolved.push({ entry, reason: 'does not answer decimals()' })
    if (lpAddresses.has(address)) continue
    const price = priced.prices.get(address)
    if (!token.price)
      unresolved.push({
        entry,
        reason: `no price route: no feed names it, and no pair joins it to a priced token among the ${pairs.length} pairs met${input.factories.length ? ' and found in the factory' : ' (give --factory to look for more)'}`,
      })
    else if (price && !price.ok) unresolved.push({ entry, reason: describePriceFailure(entry, price) })
  }
  return { chainId: chain.chainId, registry, unresolved, blockNumber: state.blockNumber }
}

function vaultEntries(vaults: readonly FoundVault[]): VaultEntry[] {
  return vaults.map(({ address, kind, want, strategy }) => ({ address, kind, want, ...(strategy && { strategy }) }))
}

/** A pool's entry: its family, and the metadata the V2 pool list needs, filled by `described` once symbols are known. */
function poolEntries(pools: readonly FoundPool[]): RewardPoolEntry[] {
  return pools.map(({ address, family }) => ({
    address,
    ...family,
    kind: family.kind ?? 'reference',
    name: address,
    subtitle: '',
    description: '',
    image: '',
    keywords: [],
    links: {},
    minimumAllocationPoint: 0,
    timeLockDuration: 0,
  }))
}

/**
 * The registry with what the chain says of its entries: every plain token's symbol and decimals
 * (an LP token's decimals only: the service names it "A-B LP"), vault names ("Beefy A-B LP",
 * "ERC-4626 USDC"), and each pool's name, subtitle, description and keywords from its tokens.
 */
function described(registry: ChainRegistry, file: ChainRegistryFile, state: ChainState): ChainRegistryFile {
  // As the service names them: an LP pair "A-B LP", any other token by its symbol.
  const symbol = (token: Address): string => lpPairName(registry, state.tokens, token) ?? symbolOf(registry, state.tokens, token) ?? token
  return {
    ...file,
    tokens: file.tokens.map((token) => {
      const facts = state.tokens.get(token.address as Address)
      return {
        ...token,
        ...(!registry.lpPairs.has(token.address as Address) && facts?.symbol !== undefined && { symbol: facts.symbol }),
        ...(facts?.decimals !== undefined && { decimals: facts.decimals }),
      }
    }),
    vaults: (file.vaults ?? []).map((vault) => ({ ...vault, name: `${vault.kind === 'beefy' ? 'Beefy' : 'ERC-4626'} ${symbol(vault.want as Address)}` })),
    rewardPools: (file.rewardPools ?? []).map((pool) => {
      const read = state.rewardPools.get(pool.address as Address)
      const staking = [...new Set(read?.stakingPools.map((staking) => symbol(staking.stakingToken)) ?? [])]
      const rewards = read?.rewardTokens.map(symbol) ?? []
      return {
        ...pool,
        name: `Stake ${staking.join(', ')}`,
        subtitle: `Earn ${rewards.join(' and ')}`,
        description: `Stake ${staking.join(', ')} and earn ${rewards.join(' and ')}.`,
        keywords: [pool.kind ?? 'reference', ...rewards],
      }
    }),
  }
}
