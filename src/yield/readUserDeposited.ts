import type { Address, Hex } from 'viem'
import { decodeRevert, estimateGasWithMargin, type ChainClient } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { errorsAbi, explainRevert } from '../protocols/index.js'
import { actionError, readForAction } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'

/** Y8's answer: the deposit in want, the shares behind it, and the gas of withdrawing it all. */
export interface UserDeposited {
  /** The user's deposit in want, lowest denomination (shares × price per full share; ERC-4626 `convertToAssets(shares)`). */
  underlying: bigint
  shares: bigint
  /** Gas of a withdraw-all for this user, estimated for the next block; 0 when the deposit is 0 or a withdraw-all would revert now. */
  gas: bigint
  /** Why `gas` is 0 although there is a deposit: the withdraw-all would revert now (a paused vault, ...). */
  gasNote?: string
  blockNumber: bigint
}

/**
 * Y8 user-deposited. For a family with `withdrawAll()` (Beefy) the position reads and the
 * withdraw-all estimate travel together: one node round trip. ERC-4626 needs the share count in
 * the call, so its estimate follows the position read, together with the exact
 * `convertToAssets(shares)` at the position's block: two. A deposit whose withdrawal would revert
 * now (a paused vault) is still reported, with gas 0 and a note.
 */
export async function readUserDeposited(ctx: ChainContext, input: { vault: Address; user: Address }): Promise<UserDeposited> {
  const { chain, vault, adapter } = resolveVault(ctx, input.vault)
  const { user } = input
  const withdrawAll = adapter.encodeWithdrawAll(user, undefined)
  const early = withdrawAll && withdrawAllGas(chain, user, vault.address, withdrawAll, ctx.config.gasMargin)
  early?.catch(() => undefined) // awaited below unless the reads fail first
  const { values, blockNumber } = await readForAction(chain, 'user-deposited', adapter.positionReads(vault.address, user))
  const position = adapter.toPosition(values)
  if (position.shares === 0n) return { underlying: 0n, shares: 0n, gas: 0n, blockNumber }
  const exact = adapter.underlyingRead?.(vault.address, position.shares)
  const [underlying, gas] = await Promise.all([
    exact ? readForAction(chain, 'user-deposited', [exact], blockNumber).then(({ values: [value] }) => value) : position.underlying,
    early ?? withdrawAllGas(chain, user, vault.address, adapter.encodeWithdrawAll(user, position)!, ctx.config.gasMargin),
  ])
  return { underlying, shares: position.shares, ...gas, blockNumber }
}

/** The withdraw-all's gas with the margin, or 0 and the decoded reason when it would revert now. */
async function withdrawAllGas(chain: ChainClient, user: Address, vault: Address, data: Hex, margin: number): Promise<{ gas: bigint; gasNote?: string }> {
  try {
    return { gas: await estimateGasWithMargin(chain, { from: user, to: vault, data }, margin) }
  } catch (error) {
    const revert = decodeRevert(error, errorsAbi)
    if (!revert) throw actionError(error, chain, 'withdraw-all gas estimate')
    return { gas: 0n, gasNote: `a withdraw-all would revert now: ${explainRevert(revert) ?? revert.message}` }
  }
}
