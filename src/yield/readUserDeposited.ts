import { getAddress } from 'viem'
import { estimateGasWithMargin } from '../chain/index.js'
import type { ServiceContext } from '../context.js'
import { actionError, readForAction } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'

/** Y8's answer: the deposit in want, the shares behind it, and the gas of withdrawing it all. */
export interface UserDeposited {
  /** The user's deposit in want, lowest denomination (shares × price per full share). */
  underlying: bigint
  shares: bigint
  /** Gas of a withdraw-all for this user, estimated for the next block; 0 when the deposit is 0. */
  gas: bigint
  blockNumber: bigint
}

/** Y8 user-deposited: the position read in one batch and the withdraw-all gas estimated at that block. */
export async function readUserDeposited(ctx: ServiceContext, input: { vault: string; user: string; chainId: number }): Promise<UserDeposited> {
  const { chain, vault, adapter } = resolveVault(ctx, input.chainId, input.vault)
  const user = getAddress(input.user)
  const { values, blockNumber } = await readForAction(chain, 'user-deposited', adapter.positionReads(vault.address, user))
  const position = adapter.toPosition(values)
  if (position.shares === 0n) return { underlying: 0n, shares: 0n, gas: 0n, blockNumber }
  try {
    const gas = await estimateGasWithMargin(
      chain,
      { from: user, to: vault.address, data: adapter.encodeWithdrawAll(user, position) },
      ctx.config.gasMargin,
    )
    return { underlying: position.underlying, shares: position.shares, gas, blockNumber }
  } catch (error) {
    throw actionError(error, chain, 'withdraw-all gas estimate')
  }
}
