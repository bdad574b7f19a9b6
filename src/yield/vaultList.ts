import { type Address, getAddress } from 'viem'
import { lastInEachBucket, type SeriesInterval } from '../block-time/index.js'
import { lpPairName, symbolOf } from '../chain-snapshot/index.js'
import { onChain, type ChainContext, type ServiceContext, freshnessOf, perState, pricedStateOf, type Freshness } from '../answer-state/index.js'
import {
  APY_WINDOW_TOLERANCE,
  APY_WINDOWS,
  type ApyWindow,
  apyOf,
  ceilingFlags,
  jumpFlags,
  priceFlags,
  pricePerShare,
  type PricedState,
  usdValueOf,
} from '../pricing/index.js'
import type { RegisteredVault } from '../registry/index.js'
import type { Flag, VaultInputs, VaultListing } from '../schema/index.js'
import { historyStore } from '../store/index.js'
import { resolveVault } from './resolveVault.js'
import { apyBreakdown } from './apyBreakdown.js'
import { vaultFees } from './vaultFees.js'
import { vaultInputs } from './vaultInputs.js'
import { idleReason, vaultStatus } from './vaultStatus.js'

/** The windows of /vaults' APYs: the fixed ones, and since the vault's first deposit. */
type Window = ApyWindow | 'inception'

/** The least age of a vault's first deposit that gives an APY since inception, seconds. */
const INCEPTION_MIN_SECONDS = 86_400

/**
 * Every registered vault of `chainId` (or of every configured chain), from the latest snapshot:
 * price per share, TVL, last harvest, and APY over 1, 7 and 30 days of chain time: the growth of
 * the price per share since the block the snapshot found about that long before its own (from the
 * store, the node or the event index, see ApyBaseKeeper), compounded over a year by the span
 * between the two blocks' timestamps. A window without such a block is null with a note saying why.
 */
export async function vaultList(
  ctx: ServiceContext,
  { chainId }: { chainId?: number | undefined },
): Promise<{ entries: VaultListing[]; freshness: Freshness }> {
  const chainIds = chainId === undefined ? [...ctx.chains.keys()] : [chainId]
  const states = await Promise.all(chainIds.map((each) => pricedStateOf(onChain(ctx, each))))
  const entries = states.flatMap((priced) => vaultEntries(priced))
  return { entries, freshness: freshnessOf(states, chainId === undefined) }
}

/**
 * The `/vaults` entries of one priced state, computed once per state (`/vaults`, one vault's
 * detail, `/status`'s data health and the refresher's jump watch all read them). Pure: no RPC.
 * Callers must not change them.
 */
export function vaultEntries(priced: PricedState): VaultListing[] {
  return perState(priced, 'vaultEntries', () => entriesOf(priced))
}

function entriesOf(priced: PricedState): VaultListing[] {
  const { state, registry } = priced
  const windows = [...(Object.keys(APY_WINDOWS) as ApyWindow[]), 'inception'] as Window[]
  return [...registry.vaults.values()].map((vault): VaultListing => {
    const notes: string[] = []
    const { pps, valued } = vaultTotals(priced, vault)
    if (pps === undefined) notes.push(`vault ${vault.address} did not answer its total and supply at block ${state.blockNumber}`)
    if (valued && !valued.ok) notes.push(valued.warning)
    const harvested = vault.strategy ? state.strategies?.get(vault.strategy)?.lastHarvest : undefined
    const { status, why } = vaultStatus(vault, state)
    const idle = idleReason(vault, state) !== undefined
    if (why) notes.push(`status: ${why}`)
    const apy = {} as Record<Window, number | null>
    const apyFrom = {} as VaultListing['apyFrom']
    for (const window of windows) {
      const bases = priced.apyBases?.[window]
      const { rate, base, young } = windowApy(priced, vault.address, window, pps)
      apy[window] = rate
      apyFrom[window] = base ? { blockNumber: base.blockNumber.toString(), timestamp: base.timestamp, source: base.source } : null
      if (apy[window] === null && pps !== undefined)
        notes.push(
          young
            ? "inception: the vault's first deposit is less than a day old"
            : bases
              ? (bases.notes[vault.address] ?? `${window}: no price per share ${window} back was found`)
              : `${window}: this answer was computed without a snapshot from a refresher, which finds the price per share ${window} back`,
        )
    }
    const { fees, note: feesNote } = vaultFees(vault, priced.strategyFees)
    if (feesNote) notes.push(feesNote)
    const { breakdown, notes: breakdownNotes } = apyBreakdown(priced, vault, fees)
    notes.push(...breakdownNotes)
    const flags = vaultFlags(priced, vault, { tvl: valued?.ok ? valued.usd : null, apy, totalApy: breakdown?.totalApy ?? null })
    const pair = registry.lpPairs.get(vault.want)
    const wantSymbol = lpPairName(registry, state.tokens, vault.want) ?? symbolOf(registry, state.tokens, vault.want)
    return {
      address: vault.address,
      chainId: state.chainId,
      kind: vault.kind,
      name: vault.name ?? wantSymbol ?? `vault of ${vault.want}`,
      want: vault.want,
      wantSymbol: wantSymbol ?? null,
      wantDecimals: registry.tokens.get(vault.want)?.decimals ?? state.tokens.get(vault.want)?.decimals ?? null,
      shareDecimals: state.tokens.get(vault.address)?.decimals ?? null,
      lpTokens: pair ? { token0: pair.token0, token1: pair.token1 } : null,
      strategy: vault.strategy ?? null,
      zaps: (vault.zaps ?? []).map((zap) => ({ address: getAddress(zap.address), defaultTokenIn: getAddress(zap.defaultTokenIn) })),
      pricePerShare: pps?.toString() ?? null,
      tvl: valued?.ok ? valued.usd : null,
      lastHarvest: harvested === undefined ? null : Number(harvested),
      status,
      idle,
      fees,
      apyBreakdown: breakdown,
      apy,
      apyFrom,
      ...(notes.length > 0 && { notes }),
      ...(flags.length > 0 && { flags }),
    }
  })
}

/**
 * A vault's flagged figures: its TVL on a flagged want price; each APY window and the forward
 * total above the plausible ceiling; the forward total on a flagged want or reward price; any of
 * them that jumped between two snapshots.
 */
function vaultFlags(
  priced: PricedState,
  vault: { address: Address; want: Address; strategy?: Address | undefined },
  figures: { tvl: number | null; apy: Record<Window, number | null>; totalApy: number | null },
): Flag[] {
  const reward = vault.strategy ? priced.state.strategies?.get(vault.strategy)?.farm?.rewardToken : undefined
  const rated = (Object.keys(figures.apy) as Window[]).map((window) => [`apy.${window}`, figures.apy[window]] as const)
  return [
    ...priceFlags(priced, vault.want, 'tvl'),
    ...jumpFlags(priced, vault.address, 'tvl'),
    ...[...rated, ['apyBreakdown.totalApy', figures.totalApy] as const].flatMap(([field, rate]) => [
      ...ceilingFlags(priced, field, rate),
      ...jumpFlags(priced, vault.address, field),
    ]),
    ...[vault.want, ...(reward ? [reward] : [])].flatMap((token) => priceFlags(priced, token, 'apyBreakdown.totalApy')),
  ]
}

/** A vault's price per share at the priced block (undefined when its total or supply did not answer) and its want valued in USD. */
function vaultTotals(priced: PricedState, vault: RegisteredVault) {
  const { state } = priced
  const [want, supply] = [state.vaultWant.get(vault.address), state.vaultSupply?.get(vault.address)]
  const pps = want !== undefined && supply !== undefined ? pricePerShare(want, supply) : undefined
  return { pps, valued: want === undefined ? undefined : usdValueOf(priced, vault.want, want) }
}

/** A vault's APY over `window` at the priced block, from its price per share then and `pps` now; null without both, or (since inception) under a day apart. */
function windowApy(priced: PricedState, vault: Address, window: Window, pps: bigint | undefined) {
  const base = priced.apyBases?.[window]?.vaults[vault]
  const { timestamp } = priced.state
  // Since inception, a span under a day would compound a few hours' growth into an absurd yearly rate.
  const young = window === 'inception' && base !== undefined && timestamp - base.timestamp < INCEPTION_MIN_SECONDS
  const rate = base && pps !== undefined && !young ? round(apyOf(base.pricePerShare, pps, (timestamp - base.timestamp) * 1000)) : null
  return { rate, base, young }
}

/**
 * The figures of a vault a snapshot watches for jumps (see figureKey), by field: what its
 * `/vaults` entry gives, computed the same way without the rest of the entry (its names, notes
 * and flags), as the refresher's jump watch asks it of every vault at every block.
 */
export function vaultFigures(priced: PricedState, vault: RegisteredVault): Record<string, number | null> {
  const { pps, valued } = vaultTotals(priced, vault)
  const rate = (window: Window) => windowApy(priced, vault.address, window, pps).rate
  return {
    tvl: valued?.ok ? valued.usd : null,
    'apy.1d': rate('1d'),
    'apy.7d': rate('7d'),
    'apy.30d': rate('30d'),
    'apy.90d': rate('90d'),
    'apy.inception': rate('inception'),
    // A vault without a strategy has no forward figure (apyBreakdown says why, in a note the digest has no use for).
    'apyBreakdown.totalApy': vault.strategy ? (apyBreakdown(priced, vault, vaultFees(vault, priced.strategyFees).fees).breakdown?.totalApy ?? null) : null,
  }
}

/**
 * One vault's `/vaults` entry with `inputs`: the block, chain values and prices every figure of it
 * was computed from (see vaultInputs). 404 for a vault the chain's registry does not hold.
 */
export async function vaultDetail(
  ctx: ChainContext,
  { vault: address }: { vault: Address },
): Promise<{ entry: VaultListing & { inputs: VaultInputs }; freshness: Freshness }> {
  const { vault } = resolveVault(ctx, address)
  const priced = await pricedStateOf(ctx)
  const entry = vaultEntries(priced).find((candidate) => candidate.address === vault.address)!
  return { entry: { ...entry, inputs: vaultInputs(priced, vault, entry) }, freshness: freshnessOf([priced]) }
}

/** A fraction a year to 8 decimals (a millionth of a percent): finer than any window's pricing. */
function round(fraction: number): number {
  return Math.round(fraction * 1e8) / 1e8
}

/** A recorded price per share with the 1-day APY that led to it (null without a point a day before). */
export interface VaultApyPoint {
  blockNumber: bigint
  takenAt: number
  /** The block's timestamp, seconds. */
  blockTime: number
  pricePerShare: bigint
  apy: number | null
}

const DAY_SECONDS = APY_WINDOWS['1d']

/**
 * A vault's recorded prices per share whose blocks' times lie from `from` to `to` (ms, chain
 * time), each with its 1-day APY: the growth from the latest point at least 95 % of a day older,
 * in block time. 404 for a vault the chain's registry does not hold, or when this service keeps no history.
 */
export async function vaultApyHistory(
  ctx: ChainContext,
  { interval, ...query }: { vault: Address; from: number; to: number; interval?: SeriesInterval | undefined },
): Promise<VaultApyPoint[]> {
  resolveVault(ctx, query.vault)
  const span = DAY_SECONDS * (1 - APY_WINDOW_TOLERANCE)
  const points = await historyStore(ctx.store).vaultHistory({ ...query, chainId: ctx.chainId, from: query.from - DAY_SECONDS * 1000 })
  let base = -1
  const withApy = points.flatMap((point) => {
    while (base + 1 < points.length && points[base + 1]!.blockTime <= point.blockTime - span) base++
    if (point.blockTime * 1000 < query.from) return []
    const then = points[base]
    const apy = then ? round(apyOf(then.pricePerShare, point.pricePerShare, (point.blockTime - then.blockTime) * 1000)) : null
    // Named fields, not `{ ...point, apy }`: spreading then adding a key takes V8's slow path, per point.
    return [{ blockNumber: point.blockNumber, takenAt: point.takenAt, blockTime: point.blockTime, pricePerShare: point.pricePerShare, apy }]
  })
  return interval ? lastInEachBucket(withApy, interval, { seconds: (point) => point.blockTime, block: (point) => point.blockNumber }) : withApy
}
