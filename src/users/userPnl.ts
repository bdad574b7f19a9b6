import type { Address } from 'viem'
import { eventIndexOf, type ChainContext } from '../answer-state/index.js'
import { priceEntry, usdValueOf, type PricedState } from '../pricing/index.js'
import type { TokenPriceEntry } from '../schema/index.js'
import { entriesByPosition, positionKey, positionLedger, roundingResidue, withoutResidue, type PositionLedger } from './positionLedger.js'
import { heldMismatch, readPortfolio, wantPerShareCeil } from './userPortfolio.js'
import type { UserHistoryEntry } from './userHistory.js'
import type { UserPosition } from './userPositions.js'

/** An amount of a position's token (lowest denomination) and its USD value; each null when it is not known (the notes say why). */
export interface Figure {
  amount: bigint | null
  usd: number | null
}

/** A reward token's amount (lowest denomination) and its USD value. */
export interface RewardFigure {
  token: Address
  amount: bigint
  usd: number | null
}

/** What one vault or staking-pool position made its user: held now, what it cost, what came out, and why. */
export interface PositionPnl {
  chainId: number
  kind: 'vault' | 'pool'
  address: Address
  pid?: number
  /** The vault's want, the pool's staking token: what the amounts are in. */
  token: Address
  /** `token`'s price now, with its source. */
  price: TokenPriceEntry
  /** What the position holds now (want the shares are worth; the stake), at the current prices. */
  holding: Figure
  /** What the part still held cost: each deposit, stake and share transfer in at its own block's worth. */
  costBasis: Figure
  /** What withdrawals, unstakes and transfers out took out, less the average cost of what they retired. */
  realized: Figure
  /** `holding` less `costBasis`. */
  unrealized: Figure
  /** Vaults: want the price per share added while the user held the shares (realized + unrealized + feesPaid); USD at today's price. */
  yield?: Figure
  /** Vaults: withdrawal fees charged on the user's withdrawals, each at its block's price. */
  feesPaid?: Figure
  /** What the token's own price did: realized + unrealized USD less the net want gain (yield − fees) at today's price. */
  priceEffectUsd: number | null
  /** Pools: rewards claimed, each at its claim block's price. */
  rewardsClaimed?: RewardFigure[]
  /** Pools: rewards pending now, at the current prices. */
  pendingRewards?: RewardFigure[]
  /** realized + unrealized + rewards claimed + rewards pending, USD. */
  pnlUsd: number | null
  notes?: string[]
}

/** The sums of a chain's (or every chain's) positions, USD; null when a part is. */
export interface PnlTotals {
  costBasisUsd: number | null
  realizedUsd: number | null
  unrealizedUsd: number | null
  feesPaidUsd: number | null
  rewardsClaimedUsd: number | null
  pendingRewardsUsd: number | null
  pnlUsd: number | null
}

/** A user's PnL on one chain: amounts of one block, valued at the latest snapshot's prices. */
export interface ChainPnl {
  chainId: number
  /** The block the positions were read at and the history runs through. */
  blockNumber: bigint
  /** The block of the prices "now" (the latest snapshot's). */
  pricesBlock: bigint
  positions: PositionPnl[]
  totals: PnlTotals
}

/**
 * The profit and loss of `user` on the context's chain, position by position, by average cost:
 * every vault and staking pool they hold or held, from the event index's history of their actions
 * (each at its own block's prices) and their positions read at the block the index holds through.
 * 404 without an event index; while it cannot give the whole history (being built, far behind),
 * the positions held now with every other figure null and a note.
 */
export async function chainPnl(ctx: ChainContext, { user }: { user: Address }): Promise<ChainPnl> {
  eventIndexOf(ctx)
  const { priced, positions, history, historyNote } = await readPortfolio(ctx, user, { usd: true })
  const held = new Map(positions.positions.map((position) => [positionKey(position.address, position.pid), position]))
  const byPosition = entriesByPosition(history ?? [])
  const keys = [...new Set([...held.keys(), ...byPosition.keys()])]
  const unknownPast = historyNote === undefined ? undefined : `chain ${ctx.chainId}: ${historyNote}`
  const pnls = keys.map((key) => positionPnl(ctx, priced, held.get(key), byPosition.get(key) ?? [], unknownPast))
  return { chainId: ctx.chainId, blockNumber: positions.blockNumber, pricesBlock: priced.state.blockNumber, positions: pnls, totals: pnlTotals(pnls) }
}

/** The sums of `positions`' USD figures. */
export function pnlTotals(
  positions: readonly Pick<PositionPnl, 'costBasis' | 'realized' | 'unrealized' | 'feesPaid' | 'rewardsClaimed' | 'pendingRewards' | 'pnlUsd'>[],
): PnlTotals {
  const sum = sumUsd
  return {
    costBasisUsd: sum(positions.map((position) => position.costBasis.usd)),
    realizedUsd: sum(positions.map((position) => position.realized.usd)),
    unrealizedUsd: sum(positions.map((position) => position.unrealized.usd)),
    feesPaidUsd: sum(positions.map((position) => position.feesPaid?.usd)),
    rewardsClaimedUsd: sum(positions.flatMap((position) => position.rewardsClaimed?.map((reward) => reward.usd) ?? [])),
    pendingRewardsUsd: sum(positions.flatMap((position) => position.pendingRewards?.map((reward) => reward.usd) ?? [])),
    pnlUsd: sum(positions.map((position) => position.pnlUsd)),
  }
}

/** One position's figures from its ledger and what it holds now (undefined: nothing now). */
function positionPnl(
  ctx: ChainContext,
  priced: PricedState,
  position: UserPosition | undefined,
  entries: readonly UserHistoryEntry[],
  /** Why the user's actions are not known (the event index cannot give them yet): every figure but `holding` is then null. */
  unknownPast?: string,
): PositionPnl {
  const first = entries[0]
  const kind = position?.kind ?? (entries.some((entry) => entry.pid !== undefined) ? 'pool' : 'vault')
  const address = position?.address ?? first!.contract
  const pid = position?.pid ?? first?.pid
  const token = position?.token ?? positionToken(priced, address, pid, entries)
  const ledger = unknownPast ? unknownLedger(unknownPast) : positionLedger(entries)
  const notes = [...ledger.notes, ...(ledger.feesNote ? [ledger.feesNote] : [])]
  const holds = position ?? { kind, shares: 0n, amount: 0n }
  const mismatch = unknownPast ? undefined : heldMismatch(ledger.held, holds)
  if (mismatch) notes.push(mismatch)
  const known = ledger.known && !mismatch
  if (position?.usdNote) notes.push(position.usdNote)
  const holding: Figure = { amount: holds.amount, usd: position ? position.usd : 0 }
  const residue = kind === 'vault' ? roundingResidue(ledger, holds.shares ?? 0n, wantPerShareCeil(holds)) : 0n
  const want = (amount: bigint) => (known ? withoutResidue(amount, residue) : null)
  const realized: Figure = { amount: want(ledger.realized.amount), usd: ledger.realized.usd }
  const unrealized: Figure = { amount: want(holds.amount - ledger.costBasis.amount), usd: minus(holding.usd, ledger.costBasis.usd) }
  const costBasis: Figure = { amount: known ? ledger.costBasis.amount : null, usd: ledger.costBasis.usd }
  const rewards = rewardFigures(priced, ledger, position, notes)
  const pnlUsd = sumUsd([realized.usd, unrealized.usd, ...[...rewards.claimed, ...rewards.pending].map((reward) => reward.usd)])
  const answer: PositionPnl = {
    chainId: ctx.chainId,
    kind,
    address,
    ...(pid !== undefined && { pid }),
    token,
    price: priceEntry(priced, token),
    holding,
    costBasis,
    realized,
    unrealized,
    priceEffectUsd: plus(realized.usd, unrealized.usd),
    pnlUsd,
  }
  if (kind === 'vault') {
    const fees = ledger.feesPaid
    const yieldAmount = realized.amount === null || unrealized.amount === null || !fees ? null : realized.amount + unrealized.amount + fees.amount
    answer.yield = { amount: yieldAmount, usd: yieldAmount === null ? null : valueNow(priced, token, yieldAmount, notes) }
    answer.feesPaid = { amount: known && fees ? fees.amount : null, usd: fees?.usd ?? null }
    const netGain = yieldAmount === null || !fees ? null : valueNow(priced, token, yieldAmount - fees.amount, notes)
    answer.priceEffectUsd = minus(answer.priceEffectUsd, netGain)
  } else {
    if (!unknownPast) answer.rewardsClaimed = rewards.claimed
    answer.pendingRewards = rewards.pending
  }
  if (notes.length > 0) answer.notes = [...new Set(notes)]
  return answer
}

/** The ledger of a position whose actions are not known: nothing in it can be counted. */
function unknownLedger(note: string): PositionLedger {
  return {
    held: 0n,
    costBasis: { amount: 0n, usd: null },
    realized: { amount: 0n, usd: null },
    rewardsClaimed: new Map(),
    inflows: 0,
    notes: [note],
    known: false,
  }
}

/** A pool position's rewards: claimed (from the ledger, at their blocks) and pending now (at the current prices). */
function rewardFigures(
  priced: PricedState,
  ledger: PositionLedger,
  position: UserPosition | undefined,
  notes: string[],
): { claimed: RewardFigure[]; pending: RewardFigure[] } {
  const claimed = [...ledger.rewardsClaimed].map(([token, worth]) => ({ token, amount: worth.amount, usd: worth.usd }))
  const pending = (position?.pendingRewards ?? []).map((reward) => ({ ...reward, usd: valueNow(priced, reward.token, reward.amount, notes) }))
  return { claimed, pending }
}

/** USD of a signed `amount` of `token` at the current prices; null with a note when it has none. */
function valueNow(priced: PricedState, token: Address, amount: bigint, notes: string[]): number | null {
  const valued = usdValueOf(priced, token, amount < 0n ? -amount : amount)
  if (!valued.ok) {
    notes.push(valued.warning)
    return null
  }
  return amount < 0n ? -valued.usd : valued.usd
}

/**
 * What a position's amounts are in: a vault's want; a staking pool's staking token, as the pool's
 * state names it, else as the user's own stakes do.
 */
export function positionToken(priced: PricedState, contract: Address, pid: number | undefined, entries: readonly UserHistoryEntry[]): Address {
  const vault = priced.registry.vaults.get(contract)
  if (vault) return vault.want
  const named = priced.state.rewardPools.get(contract)?.stakingPools.find((staking) => staking.pid === (pid ?? 0))?.stakingToken
  return named ?? (entries.find((entry) => entry.action === 'stake' || entry.action === 'unstake') ?? entries[0]!).token
}

/** The sum of USD figures (an absent one counts 0); null when any is. */
export function sumUsd(values: readonly (number | null | undefined)[]): number | null {
  return values.reduce<number | null>((total, value) => (total === null || value === null ? null : total + (value ?? 0)), 0)
}

function plus(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b
}

function minus(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b
}
