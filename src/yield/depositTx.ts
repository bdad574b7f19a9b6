import type { Address } from 'viem'
import type { ChainContext } from '../answer-state/index.js'
import { nothingToDo } from '../errors/index.js'
import { allowanceRead, balanceOfRead } from '../protocols/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction, type TxPlan } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'
import { refuseClosedVault } from './vaultStatus.js'

export interface DepositInput {
  vault: Address
  user: Address
  /** Want to deposit, lowest denomination; undefined deposits the user's whole balance (Y2). */
  amount?: bigint
}

/**
 * Y1 deposit / Y2 deposit-all: the vault call, with an approval of want to the vault when the
 * allowance falls short. Y1 is the call's own estimate when the allowance covers it (one node
 * round trip). Y2 reads the user's want balance first (422 when it is zero) and deposits exactly
 * that amount: a `depositAll()` would take a balance that grew before the send, beyond what was
 * approved, and revert.
 */
export async function buildDepositTx(ctx: ChainContext, input: DepositInput): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const { chain, vault, adapter } = resolveVault(ctx, input.vault)
  refuseClosedVault(ctx, vault)
  const { user } = input
  const plan = (amount: bigint, action: string, allowance: TxPlan['allowance']): TxPlan => ({
    chain,
    from: user,
    to: vault.address,
    data: adapter.encodeDeposit(amount, user),
    action,
    allowance,
  })
  if (input.amount !== undefined)
    return buildTx(plan(input.amount, 'deposit', { token: vault.want, spender: vault.address, amount: input.amount }), ctx.config.gasMargin)
  const { values, blockNumber } = await readForAction(chain, 'deposit-all', [allowanceRead(vault.want, user, vault.address), balanceOfRead(vault.want, user)])
  const [current, balance] = values
  if (balance === 0n) throw nothingToDo(`${user} holds no ${vault.want} (the vault's want) on chain ${ctx.chainId}: there is nothing to deposit`)
  const built = await buildTx(plan(balance, 'deposit-all', { token: vault.want, spender: vault.address, amount: balance, current }), ctx.config.gasMargin)
  // The block the simulation ran on, else the one the balance was read at.
  return { tx: built.tx, blockNumber: built.blockNumber ?? blockNumber }
}
