import type { Address } from 'viem'
import type { UserHistoryEntry } from './userHistory.js'
import { pushTo } from '../keyed/index.js'

/** An amount in a position's token (lowest denomination) and its USD value; `usd` null when a price was missing. */
export interface Worth {
  amount: bigint
  usd: number | null
}

/**
 * What a user's actions in one vault (or one staking pool of a reward pool) add up to, by average
 * cost. Amounts are in the position's token: the vault's want, the pool's staking token.
 */
export interface PositionLedger {
  /** The shares (vaults) or the stake (pools) the actions leave the user with. */
  held: bigint
  /** What the part still held cost: each deposit, stake and transfer-in at its own block's worth. */
  costBasis: Worth
  /** What withdrawals, unstakes and transfers-out took out, less the average cost of what they retired. */
  realized: Worth
  /** Withdrawal fees of the user's withdrawals (vaults), each valued at its block; absent with `feesNote` when a withdrawal's fee is not known. */
  feesPaid?: Worth
  feesNote?: string
  /** Each reward token the user claimed (pools), valued at each claim's block. */
  rewardsClaimed: Map<Address, Worth>
  /** Deposits, stakes and transfers in: each may lose up to a share's worth to the vault's rounding. */
  inflows: number
  /** Why a figure is unknown: `amount`s too when `known` is false, else only the `usd` that is null. */
  notes: string[]
  /** False when the actions do not add up (shares out the history never saw come in, a transfer without a worth). */
  known: boolean
}

const INFLOWS = new Set(['deposit', 'transfer-in', 'stake'])
const OUTFLOWS = new Set(['withdraw', 'transfer-out', 'unstake'])

/**
 * The ledger of one position from its actions (any order: they are taken oldest first, and in a
 * block by log). An outflow retires `costBasis × units / held` (rounded down, wei) of the cost,
 * units being shares for a vault and staked tokens for a pool; USD goes by the same fraction.
 */
export function positionLedger(entries: readonly UserHistoryEntry[]): PositionLedger {
  const ledger: PositionLedger = {
    held: 0n,
    costBasis: { amount: 0n, usd: 0 },
    realized: { amount: 0n, usd: 0 },
    feesPaid: { amount: 0n, usd: 0 },
    rewardsClaimed: new Map(),
    inflows: 0,
    notes: [],
    known: true,
  }
  const ordered = [...entries].sort((a, b) => (a.block === b.block ? a.logIndex - b.logIndex : a.block < b.block ? -1 : 1))
  for (const entry of ordered) {
    if (entry.action === 'claim') {
      const claimed = ledger.rewardsClaimed.get(entry.token) ?? { amount: 0n, usd: 0 }
      ledger.rewardsClaimed.set(entry.token, { amount: claimed.amount + entry.amount, usd: addUsd(ledger, claimed.usd, entry.usd, entry) })
      continue
    }
    const pool = entry.action === 'stake' || entry.action === 'unstake'
    const units = pool ? entry.amount : entry.shares
    const worth = pool ? entry.amount : entry.underlying
    if (units === undefined || worth === undefined) {
      unknown(ledger, `the ${entry.action} of block ${entry.block} has no known ${units === undefined ? 'share count' : 'worth'}`)
      continue
    }
    if (INFLOWS.has(entry.action)) {
      ledger.held += units
      ledger.inflows += 1
      ledger.costBasis = { amount: ledger.costBasis.amount + worth, usd: addUsd(ledger, ledger.costBasis.usd, entry.usd, entry) }
    } else if (OUTFLOWS.has(entry.action)) {
      if (units > ledger.held) {
        unknown(ledger, `the ${entry.action} of block ${entry.block} takes out ${units}, more than the ${ledger.held} the history put in`)
        continue
      }
      const retired = (ledger.costBasis.amount * units) / ledger.held
      const share = Number(units) / Number(ledger.held)
      const retiredUsd = ledger.costBasis.usd === null ? null : ledger.costBasis.usd * share
      ledger.realized = {
        amount: ledger.realized.amount + worth - retired,
        usd: addUsd(ledger, ledger.realized.usd, entry.usd === null || retiredUsd === null ? null : entry.usd - retiredUsd, entry),
      }
      ledger.costBasis = {
        amount: ledger.costBasis.amount - retired,
        usd: ledger.costBasis.usd === null || retiredUsd === null ? null : ledger.costBasis.usd - retiredUsd,
      }
      ledger.held -= units
      if (entry.action === 'withdraw') addFee(ledger, entry)
    }
  }
  return ledger
}

/** A position's key among a user's actions: the vault, or the reward pool and its staking pool. */
export function positionKey(contract: Address, pid: number | undefined): string {
  return pid === undefined ? contract : `${contract}:${pid}`
}

/** A user's actions grouped by the position they belong to (positionKey), each group in the order given. */
export function entriesByPosition(entries: readonly UserHistoryEntry[]): Map<string, UserHistoryEntry[]> {
  const byPosition = new Map<string, UserHistoryEntry[]>()
  for (const entry of entries) {
    pushTo(byPosition, positionKey(entry.contract, entry.pid), entry)
  }
  return byPosition
}

/**
 * The most a position's want figures can be off by the vault's integer rounding, wei: each inflow
 * may mint up to one share's worth (`wantPerShare`, rounded up) less than it paid in, and the
 * holding's worth, read through a price per full share (1e18 shares), may be rounded down by one
 * wei per 1e18 shares held, and one more. A loss within it is a rounding residue, not a loss.
 */
export function roundingResidue(ledger: Pick<PositionLedger, 'inflows'>, shares: bigint, wantPerShareCeil: bigint): bigint {
  return BigInt(ledger.inflows) * wantPerShareCeil + shares / 10n ** 18n + 2n
}

/** `amount`, or 0 when it is a loss within `residue`. */
export function withoutResidue(amount: bigint, residue: bigint): bigint {
  return amount < 0n && -amount <= residue ? 0n : amount
}

/** `sum + usd`; null (with the entry's note, once) when either is. */
function addUsd(ledger: PositionLedger, sum: number | null, usd: number | null, entry: UserHistoryEntry): number | null {
  if (usd === null && entry.usdNote && !ledger.notes.includes(entry.usdNote)) ledger.notes.push(entry.usdNote)
  return sum === null || usd === null ? null : sum + usd
}

/** A withdrawal's fee, at its block's price (the USD the withdrawal's own want was worth, per wei). */
function addFee(ledger: PositionLedger, entry: UserHistoryEntry): void {
  if (!ledger.feesPaid) return
  if (entry.fee === undefined) {
    ledger.feesPaid = undefined
    ledger.feesNote = `the withdrawal of block ${entry.block} has no known fee: the vault's totals at that block were not read`
    return
  }
  const usd = entry.usd === null ? null : entry.amount === 0n ? 0 : (entry.usd * Number(entry.fee)) / Number(entry.amount)
  ledger.feesPaid = { amount: ledger.feesPaid.amount + entry.fee, usd: addUsd(ledger, ledger.feesPaid.usd, usd, entry) }
}

function unknown(ledger: PositionLedger, note: string): void {
  ledger.known = false
  ledger.notes.push(note)
}
