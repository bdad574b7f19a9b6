import type { Address, Hex } from 'viem'
import type { ChainContext } from '../answer-state/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, type TxPlan } from '../tx/index.js'
import { resolvePool } from './resolvePool.js'

export type PoolTxInput = { pool: Address; pid: number; user: Address } & (
  | { action: 'stake' | 'unstake' /** staking token, wei */; amount: bigint }
  | { action: 'claim' }
)

/**
 * P1 stake / P2 unstake / P3 claim, in the call data of the pool's family (its adapter), with the call's own estimate (one node round trip when no approval
 * is needed). Stake approves the staking token to the pool when the allowance falls short. A
 * would-revert (deposit cap, unstake delay, claim delay, pool ended, more than staked) is a 422
 * with the pool's decoded error and when it will work.
 */
export async function buildPoolTx(ctx: ChainContext, input: PoolTxInput): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const { chain, pool, adapter, pid, stakingToken, rewardTokens } = await resolvePool(ctx, input, input.action)
  const { user } = input
  // Every action of these families may pay the pending rewards, which grow with every block.
  const plan = (data: Hex, allowance?: TxPlan['allowance']): TxPlan => ({
    chain,
    from: user,
    to: pool.address,
    data,
    action: input.action,
    accruing: rewardTokens,
    ...(allowance && { allowance }),
  })
  if (input.action === 'claim') return buildTx(plan(adapter.encodeAction('claim', pid, 0n)), ctx.config.gasMargin)
  const data = adapter.encodeAction(input.action, pid, input.amount)
  const allowance = input.action === 'stake' ? { token: stakingToken, spender: pool.address, amount: input.amount } : undefined
  return buildTx(plan(data, allowance), ctx.config.gasMargin)
}
