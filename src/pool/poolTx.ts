import { erc20Abi, getAddress } from 'viem'
import type { ServiceContext } from '../context.js'
import { encodePoolAction } from '../protocols/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction } from '../tx/index.js'
import { resolvePool } from './resolvePool.js'

export type PoolTxInput = { pool: string; pid: number; user: string; chainId: number } & (
  | { action: 'stake' | 'unstake'; /** staking token, wei */ amount: bigint }
  | { action: 'claim' }
)

/**
 * P1 stake / P2 unstake / P3 claim. Stake approves the staking token to the pool when the
 * allowance falls short. A would-revert (deposit cap, unstake delay, claim delay, pool ended,
 * more than staked) is a 422 with the pool's decoded error and when it will work.
 */
export async function buildPoolTx(ctx: ServiceContext, input: PoolTxInput): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const { chain, pool, pid, stakingToken } = await resolvePool(ctx, input, input.action)
  const user = getAddress(input.user)
  const data = encodePoolAction(input.action, pid, input.action === 'claim' ? 0n : input.amount)
  if (input.action !== 'stake') {
    return { tx: await buildTx({ chain, from: user, to: pool.address, data, action: input.action }, ctx.config.gasMargin) }
  }
  const { values, blockNumber } = await readForAction(chain, 'stake', [
    { address: stakingToken, abi: erc20Abi, functionName: 'allowance', args: [user, pool.address] },
  ])
  const allowance = { token: stakingToken, spender: pool.address, amount: input.amount, current: values[0] }
  return { tx: await buildTx({ chain, from: user, to: pool.address, data, action: 'stake', allowance }, ctx.config.gasMargin), blockNumber }
}
