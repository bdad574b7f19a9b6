import type { Address } from 'viem'
import { type ChainContext, pricedStateOf, servedBlock } from '../answer-state/index.js'
import type { PricedState } from '../pricing/index.js'
import { positionLedger, roundingResidue, withoutResidue } from './positionLedger.js'
import { chainHistory, type UserHistoryEntry } from './userHistory.js'
import { chainPositions, type ChainPositions, type UserPosition } from './userPositions.js'

/**
 * Positions are read at the index's block when it follows the head this closely: then what a
 * position holds and what the history says was put in are of one block. Further behind (a
 * backfill), positions are read at the head and the history is not used.
 */
const INDEX_FOLLOWS_WITHIN_BLOCKS = 16n

/** A user's positions on one chain, with the actions that made them when the event index can give them all. */
export interface Portfolio {
  priced: PricedState
  positions: ChainPositions
  /** Every action of the user through the positions' block, each at its own block's worth (USD when asked); absent with `historyNote`. */
  history?: UserHistoryEntry[]
  historyNote?: string
}

/**
 * What `user` holds on the context's chain and what they did to hold it, of one block: the
 * positions read at the block through which the event index holds every vault and reward pool,
 * when it follows the head, and the history through it. `usd`: value each action at its block;
 * `onlyWhenHeld`: read the history only when the user holds a position of that kind.
 */
export async function readPortfolio(ctx: ChainContext, user: Address, options: { usd: boolean; onlyWhenHeld?: 'vault' }): Promise<Portfolio> {
  const { index, chainId } = ctx
  const [priced, indexed] = await Promise.all([pricedStateOf(ctx), index ? servedBlock({ ...ctx, registry: ctx.registries }, chainId, 'index') : undefined])
  const follows = indexed !== undefined && indexed + INDEX_FOLLOWS_WITHIN_BLOCKS >= priced.state.blockNumber
  const positions = await chainPositions(ctx, priced, user, follows ? indexed : undefined)
  if (!follows)
    return {
      priced,
      positions,
      historyNote: index
        ? `the event index holds the vaults' and pools' events through block ${indexed ?? 'none yet'}, far from the head: what was put in is not known yet`
        : 'this service keeps no event index: what was put in is not known',
    }
  if (options.onlyWhenHeld && !positions.positions.some((position) => position.kind === options.onlyWhenHeld)) return { priced, positions }
  const { entries, incomplete } = await chainHistory(ctx, { user, fromTime: 0, toTime: Number.MAX_SAFE_INTEGER }, { usd: options.usd, priced })
  if (incomplete) return { priced, positions, historyNote: incomplete }
  return { priced, positions, history: entries.filter((entry) => entry.block <= positions.blockNumber) }
}

/**
 * A user's positions on one chain with, for each vault, what they put in less what they took out
 * (`deposited`, want wei: deposits, withdrawals and share transfers at their worth then) and what
 * the position gained beyond it (`earned`: realized plus unrealized of the user's PnL, a rounding
 * residue of the vault's integer maths shown as 0). Without a history that adds up to the shares
 * held, `deposited` and `earned` are null with a note.
 */
export async function chainPortfolio(ctx: ChainContext, { user }: { user: Address }): Promise<ChainPositions> {
  const { positions, history, historyNote } = await readPortfolio(ctx, user, { usd: false, onlyWhenHeld: 'vault' })
  for (const position of positions.positions) {
    if (position.kind !== 'vault') continue
    if (!history) {
      Object.assign(position, { deposited: null, earned: null, depositedNote: historyNote })
      continue
    }
    const entries = history.filter((entry) => entry.contract === position.address)
    const ledger = positionLedger(entries)
    const mismatch = heldMismatch(ledger.held, position)
    if (!ledger.known || mismatch) {
      Object.assign(position, { deposited: null, earned: null, depositedNote: [...ledger.notes, ...(mismatch ? [mismatch] : [])].join('; ') })
      continue
    }
    const flows = entries.map((entry) => (entry.action === 'deposit' || entry.action === 'transfer-in' ? 1n : -1n) * entry.underlying!)
    position.deposited = flows.reduce((sum, flow) => sum + flow, 0n)
    const earned = ledger.realized.amount + position.amount - ledger.costBasis.amount
    position.earned = withoutResidue(earned, roundingResidue(ledger, position.shares!, wantPerShareCeil(position)))
  }
  return positions
}

/** Why the history's count of shares (vaults) or stake (pools) is not what the contract says the user holds; undefined when it is. */
export function heldMismatch(held: bigint, position: Pick<UserPosition, 'kind' | 'shares' | 'amount'>): string | undefined {
  const holds = position.kind === 'vault' ? position.shares! : position.amount
  if (held === holds) return undefined
  const unit = position.kind === 'vault' ? 'shares' : 'staked'
  return `the indexed actions leave ${held} ${unit}, the contract says ${holds}: an action the index does not know moved them`
}

/** Want one share is worth, rounded up, by the position's own read. */
export function wantPerShareCeil(position: Pick<UserPosition, 'shares' | 'amount'>): bigint {
  const shares = position.shares ?? 0n
  return shares === 0n ? 1n : (position.amount + shares - 1n) / shares
}
