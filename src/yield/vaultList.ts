import { type Address, getAddress } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import { freshnessOf, pricedStateOf, type Freshness } from '../latest-state/index.js'
import { apyPercent, pricePerShare, type PricedState, usdValueOf } from '../pricing/index.js'
import type { SnapshotStore } from '../store/index.js'
import { resolveVault } from './resolveVault.js'

/** The windows APY is measured over, ms. */
export const APY_WINDOWS = { '1d': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 } as const
type Window = keyof typeof APY_WINDOWS

/**
 * A window's base point must be at least this share of the window old: a shorter span would
 * compound a few minutes' growth into an absurd yearly figure, and history is pruned at its
 * retention (30 days by default), so a 30-day base is never older than that.
 */
const MIN_WINDOW_SHARE = 0.95

/** One registered vault: what it is, what it holds, and what it has earned. */
export interface VaultEntry {
  address: Address
  chainId: number
  kind: 'beefy' | 'erc4626'
  want: Address
  strategy: Address | null
  zaps: { address: Address; defaultTokenIn: Address }[]
  /** Want per share (raw units), scaled by 1e18; null when the vault did not answer. */
  pricePerShare: string | null
  tvl: number | null
  /** Seconds since the epoch of the strategy's last harvest; null without a strategy or an answer. */
  lastHarvest: number | null
  apy: Record<Window, number | null>
  /** Why an APY or a figure is null. */
  notes?: string[]
}

/**
 * Every registered vault of `chainId` (or of every configured chain), from the latest snapshot:
 * price per share, TVL, last harvest, and APY over 1, 7 and 30 days from the growth of the price
 * per share since the recorded point at least 95 % of the window old (null with a note until the
 * store holds one).
 */
export async function vaultList(
  ctx: ServiceContext,
  store: SnapshotStore | undefined,
  chainId?: number,
): Promise<{ entries: VaultEntry[]; freshness: Freshness }> {
  const chainIds = chainId === undefined ? [...ctx.chains.keys()] : [chainFor(ctx, chainId).chain.chainId]
  const states = await Promise.all(chainIds.map((id) => pricedStateOf(ctx, id)))
  const entries = (await Promise.all(states.map((priced) => vaultsOf(priced, store)))).flat()
  return { entries, freshness: freshnessOf(states, chainId === undefined) }
}

async function vaultsOf(priced: PricedState, store: SnapshotStore | undefined): Promise<VaultEntry[]> {
  const { state, registry } = priced
  // Each window's base points of every vault of the chain: one store query per window, not per vault.
  const windows = Object.entries(APY_WINDOWS) as [Window, number][]
  const bases = await Promise.all(windows.map(([, span]) => store?.pricesPerShareAt(state.chainId, priced.takenAt - span * MIN_WINDOW_SHARE)))
  return [...registry.vaults.values()].map((vault): VaultEntry => {
    const notes: string[] = []
    const [want, supply] = [state.vaultWant.get(vault.address), state.vaultSupply?.get(vault.address)]
    const pps = want !== undefined && supply !== undefined ? pricePerShare(want, supply) : undefined
    if (pps === undefined) notes.push(`vault ${vault.address} did not answer its total and supply at block ${state.blockNumber}`)
    const valued = want === undefined ? undefined : usdValueOf(priced, vault.want, want)
    if (valued && !valued.ok) notes.push(valued.warning)
    const harvested = vault.strategy ? state.strategies?.get(vault.strategy)?.lastHarvest : undefined
    const apy = {} as Record<Window, number | null>
    for (const [index, [window]] of windows.entries()) {
      const base = pps === undefined ? undefined : bases[index]?.get(vault.address)
      apy[window] = base && pps !== undefined ? round(apyPercent(base.pricePerShare, pps, priced.takenAt - base.takenAt)) : null
      if (apy[window] === null && pps !== undefined)
        notes.push(store ? `${window}: the stored history does not reach ${window} back yet` : `${window}: this service keeps no history (no store)`)
    }
    return {
      address: vault.address,
      chainId: state.chainId,
      kind: vault.kind,
      want: vault.want,
      strategy: vault.strategy ?? null,
      zaps: (vault.zaps ?? []).map((zap) => ({ address: getAddress(zap.address), defaultTokenIn: getAddress(zap.defaultTokenIn) })),
      pricePerShare: pps?.toString() ?? null,
      tvl: valued?.ok ? valued.usd : null,
      lastHarvest: harvested === undefined ? null : Number(harvested),
      apy,
      ...(notes.length > 0 && { notes }),
    }
  })
}

function round(percent: number): number {
  return Math.round(percent * 10_000) / 10_000
}

/** A recorded price per share with the 1-day APY that led to it (null without a point a day before). */
export interface VaultApyPoint {
  blockNumber: bigint
  takenAt: number
  pricePerShare: bigint
  apy: number | null
}

/**
 * A vault's recorded prices per share from `from` to `to`, each with its 1-day APY: the growth
 * from the latest point at least 95 % of a day older (the same rule as `vaultList`). 404 for a
 * vault the chain's registry does not hold.
 */
export async function vaultApyHistory(
  ctx: ServiceContext,
  store: SnapshotStore,
  query: { chainId: number; vault: Address; from: number; to: number },
): Promise<VaultApyPoint[]> {
  resolveVault(ctx, query.chainId, query.vault)
  const span = APY_WINDOWS['1d'] * MIN_WINDOW_SHARE
  const points = await store.vaultHistory({ ...query, from: query.from - APY_WINDOWS['1d'] })
  let base = -1
  return points.flatMap((point) => {
    while (base + 1 < points.length && points[base + 1]!.takenAt <= point.takenAt - span) base++
    if (point.takenAt < query.from) return []
    const then = points[base]
    return [{ ...point, apy: then ? round(apyPercent(then.pricePerShare, point.pricePerShare, point.takenAt - then.takenAt)) : null }]
  })
}
