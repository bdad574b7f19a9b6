import type { Address } from 'viem'
import { lastInEachBucket, type SeriesInterval } from '../block-time/index.js'
import { eventIndexOf, type ChainContext, pricedStateOf } from '../answer-state/index.js'
import { notFound } from '../errors/index.js'
import { sharesWorthAt, valueAt, type BlockPrices, type BlockValues, type PricedState } from '../pricing/index.js'
import { entriesByPosition, positionLedger } from './positionLedger.js'
import { positionToken, sumUsd } from './userPnl.js'
import { chainHistory, type UserHistoryEntry } from './userHistory.js'

/** A user's worth, cost and PnL on one chain at one recorded block, USD; null with `note` when it cannot be valued there. */
export interface PnlPoint {
  chainId: number
  blockNumber: bigint
  /** The block's timestamp, seconds. */
  timestamp: number
  /** What the positions held then were worth at that block's prices (pending rewards not counted). */
  worthUsd: number | null
  /** What those positions cost (each action at its own block's prices). */
  costBasisUsd: number | null
  /** Realized through that block. */
  realizedUsd: number | null
  /** Rewards claimed through that block, at their claim blocks' prices. */
  rewardsClaimedUsd: number | null
  /** worth − cost basis + realized + rewards claimed. */
  pnlUsd: number | null
  note?: string
}

export interface ChainPnlHistory {
  chainId: number
  points: PnlPoint[]
  notes: string[]
}

/**
 * A user's worth, cost basis and PnL on the context's chain as a series: one point per bucket of
 * `interval` (the last block the history recorded in it with its values kept: one an hour) from the
 * user's first action (or `from`)
 * to `to`, each valued with the prices and vault totals the refresher kept at that block and the
 * user's actions through it, by the same average cost as /pnl. 404 without an event index or a
 * history store.
 */
export async function chainPnlHistory(
  ctx: ChainContext,
  query: { user: Address; fromTime: number; toTime: number; interval: SeriesInterval },
): Promise<ChainPnlHistory> {
  eventIndexOf(ctx)
  const { store, blockPrices, chainId } = ctx
  if (!store || !blockPrices) throw notFound('NOT_FOUND', 'this service keeps no history (no store configured)')
  const priced = await pricedStateOf(ctx)
  const { entries, incomplete } = await chainHistory(ctx, { user: query.user, fromTime: 0, toTime: Number.MAX_SAFE_INTEGER }, { usd: true, priced })
  if (incomplete) return { chainId, points: [], notes: [incomplete] }
  if (entries.length === 0) return { chainId, points: [], notes: [] }
  const first = Math.min(...entries.map((entry) => entry.timestamp))
  const from = Math.max(first, query.fromTime)
  const recorded = (await store.tvlHistory({ from: from * 1000, to: query.toTime * 1000 })).filter((point) => point.chainId === chainId)
  // Each bucket's point is its last recorded block whose values were kept (the refresher keeps one an hour).
  const values = await blockPrices.valuesAtNumbers<BlockValues>(
    chainId,
    recorded.map((point) => point.blockNumber),
  )
  const blocks = lastInEachBucket(
    recorded.filter((point) => values.has(point.blockNumber)).map((point) => ({ blockNumber: point.blockNumber, timestamp: Math.floor(point.takenAt / 1000) })),
    query.interval,
    { seconds: (point) => point.timestamp, block: (point) => point.blockNumber },
  )
  const points = blocks.map((block) => pointAt(priced, entries, block, values.get(block.blockNumber)!))
  return { chainId, points, notes: [] }
}

/** The user's figures at `block`, from their actions through it and the block's kept values. */
function pointAt(priced: PricedState, entries: readonly UserHistoryEntry[], block: { blockNumber: bigint; timestamp: number }, kept: BlockValues): PnlPoint {
  const point = { chainId: priced.state.chainId, blockNumber: block.blockNumber, timestamp: block.timestamp }
  const empty = { worthUsd: null, costBasisUsd: null, realizedUsd: null, rewardsClaimedUsd: null, pnlUsd: null }
  const prices: BlockPrices = { ok: true, ...kept }
  let worth = 0
  let cost = 0
  let realized = 0
  let claimed = 0
  for (const positionEntries of entriesByPosition(entries.filter((entry) => entry.block <= block.blockNumber)).values()) {
    const ledger = positionLedger(positionEntries)
    const first = positionEntries[0]!
    if (!ledger.known || ledger.costBasis.usd === null || ledger.realized.usd === null)
      return { ...point, ...empty, note: ledger.notes[0] ?? `the actions in ${first.contract} are not valued` }
    const vault = priced.registry.vaults.get(first.contract)
    const amount = vault ? sharesWorthAt(prices, vault.address, ledger.held) : ledger.held
    if (amount === undefined) return { ...point, ...empty, note: `vault ${first.contract} has no totals kept at block ${block.blockNumber}` }
    const token = positionToken(priced, first.contract, first.pid, positionEntries)
    const valued = amount === 0n ? { usd: 0 } : valueAt(prices, token, amount, priced.decimals(token))
    if (!('usd' in valued)) return { ...point, ...empty, note: valued.note }
    worth += valued.usd
    cost += ledger.costBasis.usd
    realized += ledger.realized.usd
    const rewards = sumUsd([...ledger.rewardsClaimed.values()].map((reward) => reward.usd))
    if (rewards === null) return { ...point, ...empty, note: `a claim through block ${block.blockNumber} has no USD value` }
    claimed += rewards
  }
  return { ...point, worthUsd: worth, costBasisUsd: cost, realizedUsd: realized, rewardsClaimedUsd: claimed, pnlUsd: worth - cost + realized + claimed }
}
