import { erc20Abi, getAddress } from 'viem'
import type { ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'

export interface DepositInput {
  vault: string
  user: string
  chainId: number
  /** Want to deposit, lowest denomination; undefined deposits the user's whole balance (Y2). */
  amount?: bigint
}

/**
 * Y1 deposit / Y2 deposit-all: the vault call, with an approval of want to the vault when the
 * allowance falls short. Y2 reads the user's want balance and refuses (422) when it is zero.
 */
export async function buildDepositTx(ctx: ServiceContext, input: DepositInput): Promise<{ tx: TxDescriptor; blockNumber: bigint }> {
  const { chain, vault, adapter } = resolveVault(ctx, input.chainId, input.vault)
  const user = getAddress(input.user)
  const action = input.amount === undefined ? 'deposit-all' : 'deposit'
  const { values, blockNumber } = await readForAction(chain, action, [
    { address: vault.want, abi: erc20Abi, functionName: 'allowance', args: [user, vault.address] },
    { address: vault.want, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
  ])
  const [allowance, balance] = values
  if (input.amount === undefined && balance === 0n)
    throw new AppError({
      code: 'NOTHING_TO_DO',
      status: 422,
      detail: `${user} holds no ${vault.want} (the vault's want) on chain ${input.chainId}: there is nothing to deposit`,
    })
  const amount = input.amount ?? balance
  const data = input.amount === undefined ? adapter.encodeDepositAll(balance, user) : adapter.encodeDeposit(amount, user)
  const tx = await buildTx(
    { chain, from: user, to: vault.address, data, action, allowance: { token: vault.want, spender: vault.address, amount, current: allowance } },
    ctx.config.gasMargin,
  )
  return { tx, blockNumber }
}
