import { getAddress } from 'viem'
import type { ServiceContext } from '../context.js'
import { AppError, invalidField } from '../errors/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'

export type WithdrawInput = {
  vault: string
  user: string
  chainId: number
} & (
  /** `underlying`: `amount` is want, the user receives at least this; `shares`: vault shares to burn. */
  | { by: 'underlying' | 'shares'; amount: bigint }
  | { by: 'all' }
)

/**
 * Y5 withdraw (by underlying, rounding shares up, or by shares) and Y6 withdraw-all. The user's
 * position is read in one batch; a withdraw-all of nothing is a 422, and asking for more than the
 * user holds is the vault's own revert, decoded (422).
 */
export async function buildWithdrawTx(ctx: ServiceContext, input: WithdrawInput): Promise<{ tx: TxDescriptor; blockNumber: bigint }> {
  const { chain, vault, adapter } = resolveVault(ctx, input.chainId, input.vault)
  const user = getAddress(input.user)
  const action = input.by === 'all' ? 'withdraw-all' : 'withdraw'
  const { values, blockNumber } = await readForAction(chain, action, adapter.positionReads(vault.address, user))
  const position = adapter.toPosition(values)
  if (input.by === 'all' && position.shares === 0n)
    throw new AppError({
      code: 'NOTHING_TO_DO',
      status: 422,
      detail: `${user} holds no shares of vault ${vault.address} on chain ${input.chainId}: there is nothing to withdraw`,
    })
  const data =
    input.by === 'all'
      ? adapter.encodeWithdrawAll(user, position)
      : input.by === 'shares'
        ? adapter.encodeRedeem(input.amount, user)
        : adapter.encodeWithdrawUnderlying(input.amount, user, position)
  const tx = await buildTx({ chain, from: user, to: vault.address, data, action }, ctx.config.gasMargin)
  return { tx, blockNumber }
}

/** Y5's rule: exactly one of tokenAmount and ibtAmount; absent, "" and "0" count as not given. */
export function withdrawAmountOf(body: { tokenAmount?: string | undefined; ibtAmount?: string | undefined }): { by: 'underlying' | 'shares'; amount: bigint } {
  const given = (value: string | undefined) => value !== undefined && value !== '' && BigInt(value) > 0n
  const token = given(body.tokenAmount)
  const ibt = given(body.ibtAmount)
  if (token === ibt) {
    const message = 'exactly one of tokenAmount and ibtAmount must be given (absent, "" or "0" counts as not given)'
    throw new AppError({
      code: 'INVALID_REQUEST',
      status: 400,
      detail: token ? `both tokenAmount and ibtAmount were given: ${message}` : `neither tokenAmount nor ibtAmount was given: ${message}`,
      errors: [
        { path: '/body/tokenAmount', message },
        { path: '/body/ibtAmount', message },
      ],
    })
  }
  const [by, raw, path] = token ? (['underlying', body.tokenAmount!, '/body/tokenAmount'] as const) : (['shares', body.ibtAmount!, '/body/ibtAmount'] as const)
  const amount = BigInt(raw)
  if (amount >= 1n << 256n) throw invalidField(path, 'must be below 2^256', 'INVALID_AMOUNT')
  return { by, amount }
}
