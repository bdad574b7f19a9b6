import type { Address, Hex } from 'viem'
import { notFound } from '../errors/index.js'
import { eventIndexOf, type ChainContext, pastPricesOf, pricedStateOf } from '../answer-state/index.js'
import { SECONDS_PER_YEAR, valueAt, type BlockPrices, type PricedState } from '../pricing/index.js'
import type { TimedEvent } from '../store/index.js'
import { harvestFees, type HarvestFees } from './harvestFees.js'
import { resolveVault } from './resolveVault.js'

/** One harvest of a vault's strategy, as its event recorded it. */
export interface HarvestRecord {
  block: bigint
  /** The block's timestamp, seconds. */
  timestamp: number
  txHash: Hex
  harvester: Address
  /** Want the harvest added to the vault (want wei). */
  wantHarvested: bigint
  /** Wrapped native wei paid to the harvester, where the event says. */
  callReward: bigint | null
  /** USD value of `wantHarvested` at the prices of the harvest's block; null with `usdNote` when there are none. */
  usd: number | null
  usdNote?: string
  /** The vault's want just before the harvest (want wei): its totals at the block's end less the gain; null when that block's totals were not read. */
  totalWantBefore: bigint | null
  /** What the strategy took, split as it pays it, each part with its USD value at the harvest's block; null with `feesNote`. */
  fees: HarvestFeeReport | null
  feesNote?: string
  /** The gain over `totalWantBefore` and the time since the previous harvest, a year's fraction; null with `aprNote`. */
  apr: number | null
  aprNote?: string
}

/** A part of a harvest's fees: in the token it moved in (lowest denomination), and USD at the harvest's block. */
export interface FeePart {
  amount: bigint
  usd: number | null
}

export interface HarvestFeeReport {
  token: Address | null
  source: HarvestFees['source']
  call: FeePart
  treasury: FeePart
  strategist: FeePart
  total: FeePart
}

export interface HarvestHistory {
  strategy: Address
  harvests: HarvestRecord[]
  /** The block through which the index holds the strategy's events; null before it started on it. */
  indexedThrough: bigint | null
  notes?: string[]
}

/** A window of chain time (block timestamps, seconds) and how many of the newest to give. */
export interface HarvestQuery {
  vault: Address
  fromTime: number
  toTime: number
  limit: number
}

/**
 * The harvests of a vault's strategy, newest first, from the event index, each valued at the
 * prices of its own block (read at that block once, then kept): what a harvest was worth when it
 * happened, not at today's prices. 404 for a vault without a registered strategy, or a service
 * without an index.
 */
export async function harvestHistory(ctx: ChainContext, query: HarvestQuery): Promise<HarvestHistory> {
  const { vault } = resolveVault(ctx, query.vault)
  if (!vault.strategy) throw notFound('STRATEGY_NOT_FOUND', `vault ${vault.address} has no registered strategy on chain ${ctx.chainId}, so it has no harvests`)
  const index = eventIndexOf(ctx)
  const strategy = vault.strategy
  // Until the chain's lookups are built (after its event backfill) its events are not read: the note says so.
  const built = await index.indexesBuilt(ctx.chainId)
  // From the first block, one more than asked: each harvest's APR runs from the one before it.
  const [newest, contracts] = await Promise.all([
    built
      ? index.eventsAt(ctx.chainId, { contracts: [strategy], actions: ['harvest'], fromTime: 0, toTime: query.toTime, limit: query.limit + 1 })
      : ([] as TimedEvent[]),
    index.contracts(ctx.chainId),
  ])
  // Newest first, so those within the window are the list's first ones: each one's predecessor is the next in `newest`.
  const events = newest.filter((event) => event.timestamp >= query.fromTime).slice(0, query.limit)
  const [latest, prices, fees] = await Promise.all([
    pricedStateOf(ctx),
    pastPricesOf(
      ctx,
      events.map((event) => ({ number: event.blockNumber, hash: event.blockHash })),
    ),
    Promise.all(events.map((event) => harvestFees(ctx, { txHash: event.txHash, blockHash: event.blockHash, strategy, harvester: event.account }))),
  ])
  const harvests = events.map((event, position): HarvestRecord => {
    const blockPrices = prices.get(event.blockNumber)
    const valued = valueAt(blockPrices, vault.want, event.amount, latest.decimals(vault.want))
    const callFee = event.detail?.callFee
    const totals = blockPrices?.ok ? blockPrices.vaults[vault.address] : undefined
    const totalWantBefore = totals ? BigInt(totals.want) - event.amount : null
    const fee = fees[position]!
    return {
      block: event.blockNumber,
      timestamp: event.timestamp,
      txHash: event.txHash,
      harvester: event.account,
      wantHarvested: event.amount,
      callReward: callFee === undefined ? null : BigInt(callFee),
      ...('usd' in valued ? { usd: valued.usd } : { usd: null, usdNote: valued.note }),
      totalWantBefore,
      ...('note' in fee ? { fees: null, feesNote: fee.note } : { fees: feeReport(fee, blockPrices, latest) }),
      ...harvestApr(event, newest[position + 1], totalWantBefore),
    }
  })
  const followed = contracts.find((contract) => contract.address === strategy)
  const indexedThrough = followed ? followed.nextBlock - 1n : null
  const behind = indexedThrough === null || indexedThrough < latest.state.blockNumber
  const note = !built
    ? `the event index of chain ${ctx.chainId} is still being built (this strategy's events through block ${indexedThrough ?? 'none yet'}, then its lookups): no harvest is listed until it is`
    : !behind
      ? undefined
      : followed
        ? `the event index holds this strategy's events through block ${indexedThrough}, not yet through block ${latest.state.blockNumber}: later harvests are missing`
        : 'the event index has not started on this strategy yet: no harvest is listed'
  return { strategy, harvests, indexedThrough, ...(note && { notes: [note] }) }
}

/** A harvest's fees with each part's USD value at its block. */
function feeReport(fees: HarvestFees, prices: BlockPrices | undefined, latest: PricedState): HarvestFeeReport {
  const part = (amount: bigint): FeePart => {
    if (amount === 0n || fees.token === null) return { amount, usd: 0 }
    const valued = valueAt(prices, fees.token, amount, latest.decimals(fees.token))
    return { amount, usd: 'usd' in valued ? valued.usd : null }
  }
  return {
    token: fees.token,
    source: fees.source,
    call: part(fees.call),
    treasury: part(fees.treasury),
    strategist: part(fees.strategist),
    total: part(fees.call + fees.treasury + fees.strategist),
  }
}

/** The harvest's gain over the vault's want before it, per year of the time since `previous`. */
function harvestApr(harvest: TimedEvent, previous: TimedEvent | undefined, totalWantBefore: bigint | null): Pick<HarvestRecord, 'apr' | 'aprNote'> {
  if (!previous) return { apr: null, aprNote: "the strategy's first indexed harvest: there is no earlier one to measure from" }
  if (totalWantBefore === null || totalWantBefore <= 0n) return { apr: null, aprNote: "the vault's want before the harvest is not known" }
  const seconds = harvest.timestamp - previous.timestamp
  if (seconds <= 0) return { apr: null, aprNote: 'the previous harvest is in a block of the same time' }
  return { apr: (Number(harvest.amount) / Number(totalWantBefore)) * (SECONDS_PER_YEAR / seconds) }
}
