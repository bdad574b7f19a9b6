import type { Address } from 'viem'
import type { PairPoint } from '../chain-snapshot/index.js'
import { SECONDS_PER_YEAR, type PricedState, usdValueOf } from '../pricing/index.js'
import type { RegisteredVault } from '../registry/index.js'
import type { VaultListing } from '../schema/index.js'
import { idleReason } from './vaultStatus.js'

/**
 * How often a vault is assumed to compound a year before the index has seen it harvest: once a
 * day, what a keeper of a small vault does (Beefy assumes 2,190, every 4 hours, which overstates a
 * vault harvested less often).
 */
export const DEFAULT_COMPOUNDINGS_PER_YEAR = 365

/** The windows tradingApr is measured over, longest first: the 7-day one when its base is known. */
const TRADING_WINDOWS = ['7d', '1d'] as const

type Breakdown = NonNullable<VaultListing['apyBreakdown']>

/**
 * A vault's forward APY and its parts, all fractions a year (0.12 = 12 %):
 * - `farmApr`: what its strategy's farm pays now per dollar staked in it (reward per second ×
 *   seconds per year × the reward's price, over the USD value of everything staked in the farm:
 *   every staker earns alike, the vault among them); 0 once the farm has nothing left to pay;
 * - `vaultApr` = farmApr × (1 − the performance fee);
 * - `compoundingsPerYear`: its harvests that added want over the last 30 days of chain time (the
 *   event index), scaled to a year; DEFAULT_COMPOUNDINGS_PER_YEAR with a note before any;
 * - `vaultApy` = (1 + vaultApr / n)^n − 1;
 * - `tradingApr`: for an LP want, the growth of √k per LP token (the pair's fees) over the last 7
 *   days of chain time, else the last day, as a yearly rate; 0 with a note for any other want;
 * - `totalApy` = (1 + vaultApy)(1 + tradingApr) − 1.
 * Null with notes when the fees, the farm or a price is unknown.
 */
export function apyBreakdown(priced: PricedState, vault: RegisteredVault, fees: VaultListing['fees']): { breakdown: Breakdown | null; notes: string[] } {
  const notes: string[] = []
  const none = (note: string) => ({ breakdown: null, notes: [`apyBreakdown: ${note}`] })
  if (!vault.strategy)
    return none(
      idleReason(vault, priced.state) ??
        `vault ${vault.address} has no registered strategy whose farm could be read: its forward APY is not known (what the vault earns by itself shows in its realized APYs)`,
    )
  if (!fees) return none("it needs the vault's performance fee, and `fees` is null (see its note)")
  const performanceFee = fees.performance.total
  if (performanceFee === null) return none("it needs the vault's performance fee, and `fees.performance.total` is null (see its note)")
  const farm = priced.state.strategies?.get(vault.strategy)?.farm
  if (!farm) return none(`strategy ${vault.strategy} names no farm (farm()) whose emissions could be read`)
  const emitted = usdValueOf(priced, farm.rewardToken, farm.rewardPerSecond)
  if (!emitted.ok) return none(emitted.warning)
  const staked = usdValueOf(priced, vault.want, farm.totalStaked)
  if (!staked.ok) return none(staked.warning)
  if (!(staked.usd > 0)) return none(`nothing is staked in farm ${farm.address}: a dollar staked there has no rate to earn at`)
  const farmApr = farm.rewardReserve === 0n ? 0 : (emitted.usd * SECONDS_PER_YEAR) / staked.usd
  if (farm.rewardReserve === 0n) notes.push(`apyBreakdown: farm ${farm.address} has nothing left to pay (its reward reserve is 0): farmApr is 0`)
  else {
    const lastsSeconds = Number(farm.rewardReserve) / Number(farm.rewardPerSecond)
    if (lastsSeconds < SECONDS_PER_YEAR)
      notes.push(
        `apyBreakdown: farm ${farm.address} holds rewards for about ${Math.floor(lastsSeconds / 86_400)} days at this rate: farmApr is what it pays now, a year of it only if it is funded again`,
      )
  }
  const vaultApr = farmApr * (1 - performanceFee)
  const { perYear: compoundingsPerYear, note: compoundingNote } = compoundingsOf(priced, vault.strategy!)
  if (compoundingNote) notes.push(compoundingNote)
  const vaultApy = (1 + vaultApr / compoundingsPerYear) ** compoundingsPerYear - 1
  const trading = tradingAprOf(priced, vault.want)
  if (trading.note) notes.push(trading.note)
  const totalApy = trading.apr === null ? null : (1 + vaultApy) * (1 + trading.apr) - 1
  return {
    breakdown: {
      farmApr,
      vaultApr,
      compoundingsPerYear,
      performanceFee,
      vaultApy,
      tradingApr: trading.apr,
      totalApy,
      tradingAprFrom: trading.from,
    },
    notes,
  }
}

/** Harvests a year, from the index's count over the last 30 days; the default with a note without one. */
function compoundingsOf(priced: PricedState, strategy: Address): { perYear: number; note?: string } {
  const compoundings = priced.index?.compoundings
  const counted = compoundings?.counts[strategy]
  if (counted && counted.harvests > 0 && counted.spanSeconds > 0) return { perYear: (counted.harvests * SECONDS_PER_YEAR) / counted.spanSeconds }
  const why = counted
    ? 'its strategy has not harvested with a reward in the last 30 days'
    : (compoundings?.notes[strategy] ?? 'this answer was computed without the event index, which counts the harvests')
  return { perYear: DEFAULT_COMPOUNDINGS_PER_YEAR, note: `apyBreakdown: compoundingsPerYear is the default ${DEFAULT_COMPOUNDINGS_PER_YEAR} (daily): ${why}` }
}

/** The yearly growth of √k per LP token of `want`'s pair over the longest window with a known base. */
function tradingAprOf(priced: PricedState, want: Address): { apr: number | null; from: Breakdown['tradingAprFrom']; note?: string } {
  if (!priced.registry.lpPairs.has(want))
    return { apr: 0, from: null, note: 'apyBreakdown: tradingApr is 0: the want is not an LP pair, so it earns no trading fees' }
  const now = priced.state.pairs.get(want)
  if (!now) return { apr: null, from: null, note: `apyBreakdown: pair ${want} did not answer its reserves at this block` }
  for (const window of TRADING_WINDOWS) {
    const base = priced.apyBases?.[window]?.pairs?.[want]
    const span = base && priced.state.timestamp - base.timestamp
    if (!base || !span || span <= 0) continue
    return { apr: rootKGrowth(base, now) * (SECONDS_PER_YEAR / span), from: { window, blockNumber: base.blockNumber.toString(), timestamp: base.timestamp } }
  }
  const why = priced.apyBases?.['1d']?.notes[want] ?? 'this answer was computed without a snapshot from a refresher, which reads the pair a day back'
  return { apr: null, from: null, note: `apyBreakdown: tradingApr and totalApy are null: no reserves of pair ${want} a day back are known (${why})` }
}

/**
 * √(reserve0 · reserve1) per LP token at `now` over that at `then`, minus 1: the share of the
 * pair the fees added. In integers to the last digit (the growth of a day is a few parts in 1e5,
 * which floating point would keep only to about 1e-11 of).
 */
function rootKGrowth(then: Pick<PairPoint, 'reserve0' | 'reserve1' | 'totalSupply'>, now: Pick<PairPoint, 'reserve0' | 'reserve1' | 'totalSupply'>): number {
  const SCALE = 10n ** 36n
  const [rootThen, rootNow] = [sqrt(then.reserve0 * then.reserve1 * SCALE), sqrt(now.reserve0 * now.reserve1 * SCALE)]
  const [before, after] = [rootThen * now.totalSupply, rootNow * then.totalSupply]
  return Number(((after - before) * SCALE) / before) / 1e36
}

/** ⌊√value⌋: Newton's method from just above the floating-point root, so it only descends. */
function sqrt(value: bigint): bigint {
  if (value < 2n) return value
  let x = BigInt(Math.floor(Math.sqrt(Number(value)) * (1 + 1e-12))) + 1n
  for (let next = (x + value / x) >> 1n; next < x; next = (x + value / x) >> 1n) x = next
  return x
}
