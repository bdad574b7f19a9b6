import type { Address, Hex } from 'viem'
import { aggregate, type ChainClient, type FactCache } from '../chain/index.js'
import { symbolOf } from '../chain-snapshot/index.js'
import { readChainState } from '../chain-state/index.js'
import { chainPrices, describePriceFailure, type FigurePolicy } from '../pricing/index.js'
import { estimateSwapRead, vaultAdapterFor } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** The kinds of registry entry, in the order a check lists them ('chain': a row about the whole chain). */
export const CHECK_KINDS = ['chain', 'token', 'feed', 'pair', 'vault', 'strategy', 'zap', 'reward pool'] as const
export type CheckKind = (typeof CHECK_KINDS)[number]

/** One line of a registry check: an entry, what was checked, and what the chain said. */
export interface CheckRow {
  chainId: number
  /** What kind of entry it is: an address that is two (a pair is a token too) has rows of each. */
  kind: CheckKind
  entry: string
  /** The entry's address; absent on a row about the whole chain. */
  address?: Address
  check: string
  level: 'ok' | 'warn' | 'error'
  detail: string
}

/**
 * Checks every entry of a chain's registry against its node, at one block: each address has
 * code; each family's reads answer; token decimals (an error) and symbols (a warning) match the
 * chain's; feeds answer within their heartbeat; each pair route's USD liquidity (a warning under
 * MIN_PRICE_LIQUIDITY_USD); each vault's want is the registry's; each zap quotes its vault's want;
 * every reward token and each pid's staking token is priced. Every entry gets at least one row,
 * `ok` when nothing is wrong, so the rows say what was checked. Never throws for what an entry
 * says; a node that fails throws.
 */
export async function checkRegistry(chain: ChainClient, registry: ChainRegistry, facts: FactCache, policy: FigurePolicy): Promise<CheckRow[]> {
  const rows: CheckRow[] = []
  const named = new Map<Address, { entry: string; kind: CheckKind }>()
  const row = (address: Address, check: string, level: CheckRow['level'], detail: string, kind = named.get(address)!.kind) =>
    rows.push({ chainId: chain.chainId, kind, entry: named.get(address)!.entry, address, check, level, detail })
  const name = (kind: CheckKind, label: string, address: Address) => named.set(address, named.get(address) ?? { entry: `${label} ${address}`, kind })
  for (const token of registry.tokens.values()) name('token', `token${token.symbol ? ` ${token.symbol}` : ''}`, token.address)
  for (const feed of registry.priceFeeds.values()) name('feed', 'feed', feed.address)
  for (const pair of registry.lpPairs.values()) name('pair', 'pair', pair.address)
  for (const vault of registry.vaults.values()) {
    name('vault', `vault${vault.name ? ` ${vault.name}` : ''}`, vault.address)
    if (vault.strategy) name('strategy', 'strategy', vault.strategy)
    for (const zap of vault.zaps ?? []) name('zap', 'zap', zap.address as Address)
  }
  for (const pool of registry.rewardPools.values()) name('reward pool', `reward pool ${pool.name}`, pool.address)

  const vaults = [...registry.vaults.values()]
  const zaps = vaults.flatMap((vault) => (vault.zaps ?? []).map((zap) => ({ vault, zap: zap.address as Address, tokenIn: zap.defaultTokenIn as Address })))
  const [codes, state, wants, quotes] = await Promise.all([
    Promise.all([...named.keys()].map((address) => chain.request({ method: 'eth_getCode', params: [address, 'latest'] }) as Promise<Hex>)),
    readChainState(chain, registry, facts),
    aggregate(
      chain,
      vaults.map((vault) => vaultAdapterFor(vault.kind).wantRead(vault.address)),
    ),
    aggregate(
      chain,
      zaps.map(({ vault, zap, tokenIn }) => estimateSwapRead(zap, vault.address, tokenIn, 10n ** 15n)),
    ),
  ])
  const noCode = new Set<Address>()
  ;[...named.keys()].forEach((address, index) => {
    if (codes[index] === '0x') {
      noCode.add(address)
      row(address, 'code', 'error', `no contract at ${address} on chain ${chain.chainId}`)
    }
  })
  const priced = chainPrices(registry, state, { takenAt: Date.now(), figurePolicy: policy })

  for (const token of registry.tokens.values()) {
    if (noCode.has(token.address)) continue
    const entry = named.get(token.address)!.entry
    const onChain = state.tokens.get(token.address)
    if (onChain?.decimals === undefined)
      if (token.decimals === undefined) row(token.address, 'decimals', 'error', 'the token does not answer decimals() and the registry gives none')
      else row(token.address, 'decimals', 'warn', `the token does not answer decimals(): the registry's ${token.decimals} is used`)
    else if (token.decimals !== undefined && onChain.decimals !== token.decimals)
      row(token.address, 'decimals', 'error', `the registry says ${token.decimals}, the token answers ${onChain.decimals}`)
    else row(token.address, 'decimals', 'ok', `${onChain.decimals}${onChain.symbol === undefined ? '' : ` (symbol ${onChain.symbol})`}`, 'token')
    if (token.symbol !== undefined && onChain?.symbol !== undefined && onChain.symbol !== token.symbol && !registry.lpPairs.has(token.address))
      row(token.address, 'symbol', 'warn', `the registry says ${token.symbol}, the token answers ${onChain.symbol}`)
    const price = priced.prices.get(token.address)
    if (token.price && price && !price.ok) {
      const level = price.reason === 'thin-liquidity' ? 'warn' : 'error'
      row(token.address, 'feed' in token.price ? 'feed' : 'pair route', level, describePriceFailure(entry, price), 'token')
    } else if (token.price && price?.ok)
      row(
        token.address,
        'feed' in token.price ? 'feed' : 'pair route',
        'ok',
        sourceDetail(price.source?.ageSeconds, price.source?.liquidityUsd, price.source?.heartbeatSeconds),
        'token',
      )
  }
  for (const feed of registry.priceFeeds.values()) {
    if (noCode.has(feed.address)) continue
    const round = state.feeds.get(feed.address)
    if (!round)
      row(
        feed.address,
        'latestRoundData',
        'error',
        `the feed of ${symbolOf(registry, state.tokens, feed.token as Address) ?? feed.token} does not answer its round`,
        'feed',
      )
    else
      row(
        feed.address,
        'latestRoundData',
        'ok',
        `prices ${symbolOf(registry, state.tokens, feed.token as Address) ?? feed.token}; last round at ${new Date(Number(round.updatedAt) * 1000).toISOString()}`,
        'feed',
      )
  }
  for (const pair of registry.lpPairs.values()) {
    if (noCode.has(pair.address)) continue
    if (state.pairs.get(pair.address) === undefined) row(pair.address, 'getReserves', 'error', 'the pair does not answer its reserves', 'pair')
    else
      row(
        pair.address,
        'getReserves',
        'ok',
        `${symbolOf(registry, state.tokens, pair.token0) ?? pair.token0} / ${symbolOf(registry, state.tokens, pair.token1) ?? pair.token1}`,
        'pair',
      )
  }
  vaults.forEach((vault, index) => {
    if (noCode.has(vault.address)) return
    const want = wants.results[index]!
    if (!want.ok) row(vault.address, 'want', 'error', `the vault does not answer ${vault.kind === 'beefy' ? 'want()' : 'asset()'}`, 'vault')
    else if (want.value.toLowerCase() !== vault.want.toLowerCase())
      row(vault.address, 'want', 'error', `the registry says ${vault.want}, the vault holds ${want.value}`, 'vault')
    else row(vault.address, 'want', 'ok', vault.want, 'vault')
    if (state.vaultWant.get(vault.address) === undefined) row(vault.address, 'total want', 'error', 'the vault does not answer its total want', 'vault')
    if (!vault.strategy || noCode.has(vault.strategy)) return
    if (state.strategies?.get(vault.strategy)?.callReward === undefined)
      row(vault.strategy, 'callReward', 'error', `strategy of ${vault.address} does not answer callReward()`, 'strategy')
    else row(vault.strategy, 'callReward', 'ok', `strategy of ${vault.address}`, 'strategy')
  })
  zaps.forEach(({ vault, zap, tokenIn }, index) => {
    if (noCode.has(zap)) return
    const quote = quotes.results[index]!
    row(
      zap,
      `quote into ${vault.address}`,
      quote.ok ? 'ok' : 'error',
      quote.ok ? `quotes ${tokenIn} into the vault's want` : `estimateSwap of ${tokenIn} into vault ${vault.address} reverts: the zap does not take its want`,
      'zap',
    )
  })
  for (const pool of registry.rewardPools.values()) {
    if (noCode.has(pool.address)) continue
    const read = state.rewardPools.get(pool.address)
    if (!read) {
      row(pool.address, 'family', 'error', `the pool does not answer the reads of the ${pool.kind ?? 'reference'} family`, 'reward pool')
      continue
    }
    row(pool.address, 'family', 'ok', `${pool.kind ?? 'reference'}: ${read.stakingPools.length} pids, ${read.rewardTokens.length} reward tokens`, 'reward pool')
    for (const staking of read.stakingPools) {
      const symbol = symbolOf(registry, state.tokens, staking.stakingToken) ?? staking.stakingToken
      if (priced.prices.get(staking.stakingToken)?.ok) row(pool.address, `pid ${staking.pid}`, 'ok', `stakes ${symbol}`, 'reward pool')
      else row(pool.address, `pid ${staking.pid}`, 'warn', `stakes ${symbol}, which has no price: the pid's TVL is not known`, 'reward pool')
    }
    for (const token of read.rewardTokens) {
      const price = priced.prices.get(token)
      if (!price?.ok)
        row(
          pool.address,
          'reward priced',
          'warn',
          `reward token ${symbolOf(registry, state.tokens, token) ?? token} has no price: the pool's APR is 0 with a note`,
          'reward pool',
        )
    }
  }
  return rows
}

function sourceDetail(ageSeconds: number | undefined, liquidityUsd: number | undefined, heartbeatSeconds: number | undefined): string {
  if (liquidityUsd !== undefined) return `liquidity $${Math.round(liquidityUsd).toLocaleString('en-US')}`
  return `round ${ageSeconds} s old (heartbeat ${heartbeatSeconds} s)`
}
