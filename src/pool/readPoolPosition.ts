import { getAddress } from 'viem'
import type { ServiceContext } from '../context.js'
import { userPositionReads } from '../protocols/index.js'
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

/** P4 user-staked and P5 pending-rewards: `userInfo` and `pendingRewards` at one block. */
export async function readPoolPosition(ctx: ServiceContext, input: { pool: string; pid: number; user: string; chainId: number }): Promise<PoolPosition> {
  const { chain, pool, pid } = await resolvePool(ctx, input, 'read')
  const { values, blockNumber } = await readForAction(chain, 'read', userPositionReads(pool.address, pid, getAddress(input.user)))
  const [[staked], pendingRewards] = values
  return { staked, pendingRewards, blockNumber }
}
