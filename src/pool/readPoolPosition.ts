import type { Address } from 'viem'
import type { ChainContext } from '../answer-state/index.js'
import { readForAction } from '../tx/index.js'
import { resolvePool } from './resolvePool.js'

/** A user's position in one staking pool, read in one batch at one block. */
export interface PoolPosition {
  /** Staking tokens staked, wei. */
  staked: bigint
  /** Pending amount of each reward token, wei, in `rewardTokens()` order. */
  pendingRewards: readonly bigint[]
  blockNumber: bigint
}

/**
 * P4 user-staked and P5 pending-rewards at one block, with the reads of the pool's family:
 * `userInfo`/`pendingRewards` (reference), `userInfo(pid, user).amount` and `pendingSushi` or its
 * fork's name (MasterChef), `balanceOf`/`earned` (StakingRewards), `balanceOf`/`earned(user, token)`
 * per reward token (MultiRewards).
 */
export async function readPoolPosition(ctx: ChainContext, input: { pool: Address; pid: number; user: Address }): Promise<PoolPosition> {
  const { chain, pool, adapter, pid, rewardTokens } = await resolvePool(ctx, input, 'read')
  const { values, blockNumber } = await readForAction(chain, 'read', adapter.positionReads(pool.address, pid, input.user, rewardTokens))
  return { ...adapter.toPosition(values), blockNumber }
}
