import type { Address } from 'viem'
import { readAll, type ChainClient } from '../chain/index.js'
import { insufficientFunds, type AppError } from '../errors/index.js'
import { balanceOfRead } from '../protocols/index.js'

/**
 * The INSUFFICIENT_FUNDS answer of a build that spends `spent.amount` of `spent.token` (wei),
 * with the user's balance and the shortfall said: a revert such as a Uniswap V2 pair's
 * `ds-math-sub-underflow` names no figure, and the client needs both to correct the amount. The
 * decoded revert stays in `meta`. Any other error, a balance that covers the amount (the revert
 * was about something else) or a balance the node does not give, leaves the answer as it was.
 */
export async function withShortBalance(
  error: AppError,
  chain: ChainClient,
  from: Address,
  spent: { token: Address; amount: bigint },
  action: string,
): Promise<AppError> {
  if (error.code !== 'INSUFFICIENT_FUNDS') return error
  const balance = await readAll(chain, [balanceOfRead(spent.token, from)]).then(
    ({ values }) => values[0],
    () => undefined,
  )
  if (balance === undefined || balance >= spent.amount) return error
  return insufficientFunds(
    `${action} would revert on chain ${chain.chainId}: ${from} holds ${balance} of ${spent.token}, ${spent.amount - balance} short of the ${spent.amount} it needs (${error.message.replace(/^.*? would revert on chain \d+: /, '')})`,
    {
      meta: { ...error.meta, balance: balance.toString(), needed: spent.amount.toString(), shortfall: (spent.amount - balance).toString() },
      cause: error.cause,
    },
  )
}
