import type { Address } from 'viem'
import type { ChainContext } from '../context.js'
import { pricedStateOf } from '../latest-state/index.js'
import { chainHistory } from './userHistory.js'
import { chainPositions, type ChainPositions } from './userPositions.js'

/**
 * Positions are read at the index's block when it follows the head this closely: then what a vault
 * position holds and what the history says was put in are of one block, and `earned` is their
 * difference. Further behind (a backfill), positions are read at the head without `deposited`.
 */
const INDEX_FOLLOWS_WITHIN_BLOCKS = 16n

/**
 * A user's positions on one chain with, for each vault, what they put in less what they took out
 * (`deposited`, want wei, from the event index's history of their deposits, withdrawals and share
 * transfers) and what the position gained beyond it (`earned`). Without an index, or with one far
 * behind the head, `deposited` and `earned` are null with a note.
 */
export async function chainPortfolio(ctx: ChainContext, { user }: { user: Address }): Promise<ChainPositions> {
  const { index, chainId } = ctx
  const [priced, contracts] = await Promise.all([pricedStateOf(ctx), index?.contracts(chainId)])
  const vaults = new Set(priced.registry.vaults.keys())
  const followed = (contracts ?? []).filter((contract) => vaults.has(contract.address))
  const indexed =
    followed.length === vaults.size && followed.length > 0
      ? followed.reduce((lowest, contract) => (contract.nextBlock < lowest ? contract.nextBlock : lowest), followed[0]!.nextBlock) - 1n
      : undefined
  const follows = index && indexed !== undefined && indexed + INDEX_FOLLOWS_WITHIN_BLOCKS >= priced.state.blockNumber
  const positions = await chainPositions(ctx, priced, user, follows ? indexed : undefined)
  const vaultPositions = positions.positions.filter((position) => position.kind === 'vault')
  if (vaultPositions.length === 0) return positions
  if (!follows) {
    const note = index
      ? `the event index holds the vaults' events through block ${indexed ?? 'none yet'}, far from the head: what was deposited is not known yet`
      : 'this service keeps no event index: what was deposited is not known'
    for (const position of vaultPositions) Object.assign(position, { deposited: null, earned: null, depositedNote: note })
    return positions
  }
  const { entries } = await chainHistory(ctx, { user, fromTime: 0, toTime: Number.MAX_SAFE_INTEGER }, { usd: false, priced })
  for (const position of vaultPositions) {
    let deposited = 0n
    for (const entry of entries) {
      if (entry.contract !== position.address || entry.block > positions.blockNumber) continue
      if (entry.underlying === undefined) {
        Object.assign(position, { deposited: null, earned: null, depositedNote: `shares moved at block ${entry.block} have no known worth then` })
        break
      }
      deposited +=
        entry.action === 'deposit' || entry.action === 'transfer-in'
          ? entry.underlying
          : entry.action === 'withdraw' || entry.action === 'transfer-out'
            ? -entry.underlying
            : 0n
    }
    if (position.deposited === null) continue
    position.deposited = deposited
    position.earned = position.amount - deposited
  }
  return positions
}
