import type { Address, Hex } from 'viem'
import { notFound } from '../errors/index.js'
import { eventIndexOf, type ChainContext } from '../context.js'
import { pastPricesOf, pricedStateOf } from '../latest-state/index.js'
import { valueAt } from '../pricing/index.js'
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
  const [events, contracts] = await Promise.all([
    built
      ? index.eventsAt(ctx.chainId, { contracts: [strategy], actions: ['harvest'], fromTime: query.fromTime, toTime: query.toTime, limit: query.limit })
      : [],
    index.contracts(ctx.chainId),
  ])
  const [latest, prices] = await Promise.all([
    pricedStateOf(ctx),
    pastPricesOf(
      ctx,
      events.map((event) => ({ number: event.blockNumber, hash: event.blockHash })),
    ),
  ])
  const decimals = latest.decimals(vault.want)
  const harvests = events.map((event): HarvestRecord => {
    const valued = valueAt(prices.get(event.blockNumber), vault.want, event.amount, decimals)
    const callFee = event.detail?.callFee
    return {
      block: event.blockNumber,
      timestamp: event.timestamp,
      txHash: event.txHash,
      harvester: event.account,
      wantHarvested: event.amount,
      callReward: callFee === undefined ? null : BigInt(callFee),
      ...('usd' in valued ? { usd: valued.usd } : { usd: null, usdNote: valued.note }),
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
