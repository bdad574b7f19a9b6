import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { estimateGas, simulateCalls, applyGasMargin, readAll, readFeeSuggestion, type ChainClient } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { AppError, executionReverted, insufficientFunds, nothingToDo } from '../errors/index.js'
import { divUp, type VaultPosition } from '../protocols/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { actionError, balanceChangesOf, buildTx, describeCall, descriptorOf, feeSuggestionFor, readForAction, startCall, withFees } from '../tx/index.js'
import { resolveVault, type VaultTarget } from './resolveVault.js'

export type WithdrawInput = {
  vault: Address
  user: Address
} /** `underlying`: `amount` is want, the user receives at least this; `shares`: vault shares to burn. */ & (
  | { by: 'underlying' | 'shares'; amount: bigint }
  | { by: 'all' }
)

/**
 * Y5 withdraw (by underlying, or by shares) and Y6 withdraw-all. By shares it is the call's own
 * estimate (one node round trip; burning more than the user holds is the vault's revert, decoded,
 * 422). Withdraw-all reads the position (422 when there is nothing): with `withdrawAll()` (Beefy)
 * its estimate goes in the same round trip; ERC-4626's `redeem` needs the share count first (2).
 * By underlying the amount the user will receive is proven by simulation (see `withdrawAtLeast`).
 */
export async function buildWithdrawTx(ctx: ChainContext, input: WithdrawInput): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const target = resolveVault(ctx, input.vault)
  const { chain, vault, adapter } = target
  const { user } = input
  if (input.by === 'shares')
    return buildTx({ chain, from: user, to: vault.address, data: adapter.encodeRedeem(input.amount, user), action: 'withdraw' }, ctx.config.gasMargin)
  const action = input.by === 'all' ? 'withdraw-all' : 'withdraw'
  // A family with `withdrawAll()` needs no share count: its estimate travels with the position read.
  const blindAll = input.by === 'all' ? adapter.encodeWithdrawAll(user, undefined) : undefined
  const started = blindAll && startCall(chain, user, { to: vault.address, data: blindAll, value: 0n })
  const { values, blockNumber } = await readForAction(chain, action, adapter.positionReads(vault.address, user))
  const position = adapter.toPosition(values)
  if (input.by === 'underlying') {
    const proven = await withdrawAtLeast(ctx, target, user, input.amount, position)
    // The block the proving simulation ran on, else the one the position was read at.
    return { tx: proven.tx, blockNumber: proven.blockNumber ?? blockNumber }
  }
  if (position.shares === 0n) throw nothingToDo(`${user} holds no shares of vault ${vault.address} on chain ${ctx.chainId}: there is nothing to withdraw`)
  const data = blindAll ?? adapter.encodeWithdrawAll(user, position)!
  const built = await buildTx({ chain, from: user, to: vault.address, data, action, ...(started && { started }) }, ctx.config.gasMargin)
  // The block the simulation ran on, else the one the position was read at.
  return { tx: built.tx, blockNumber: built.blockNumber ?? blockNumber }
}

/**
 * A withdrawal that pays `user` at least `amount` want, proven before answering: the call is
 * simulated between two reads of the user's want balance (in the same round trip as its gas
 * estimate). Strategies may keep a withdrawal fee (Beefy's default is 0.1 %): when the simulated
 * amount falls short, the request is grossed up by the shortfall once and proven again. When even
 * that cannot be proven, 422 saying by how much it falls short.
 */
async function withdrawAtLeast(
  ctx: ChainContext,
  target: VaultTarget,
  user: Address,
  amount: bigint,
  position: ReturnType<VaultTarget['adapter']['toPosition']>,
) {
  const { chain, vault, adapter } = target
  // The fee suggestion travels with the first simulation.
  const fees = readFeeSuggestion(chain)
  fees.catch(() => undefined)
  let asked = amount
  for (let attempt = 0; attempt < 2; attempt++) {
    const data = adapter.encodeWithdrawUnderlying(asked, user, position)
    const { received, gas, expected, stateBlock } = await simulateReceipt(chain, user, vault.want, { to: vault.address, data }).catch(
      async (error: unknown) => {
        throw await shortInWant(error, target, user, { wanted: amount, asked }, position)
      },
    )
    if (received >= amount) {
      const call = describeCall({ chain, from: user }, { to: vault.address, data, value: 0n }, applyGasMargin(gas, ctx.config.gasMargin))
      return { tx: withFees(descriptorOf(call, [], expected), await feeSuggestionFor(chain, fees, stateBlock)), blockNumber: stateBlock }
    }
    // Ask for more, in proportion to what went missing (a fee is a share of the amount).
    asked = received === 0n ? asked * 2n : divUp(asked * amount, received) + 1n
  }
  throw executionReverted(
    `withdraw on chain ${chain.chainId}: vault ${vault.address} would not pay ${amount} of ${vault.want} to ${user} even when asked for ${asked} (a withdrawal fee or rounding keeps the difference); ask for less or withdraw by shares (ibtAmount)`,
    { meta: { asked: asked.toString(), wanted: amount.toString() } },
  )
}

/**
 * A withdrawal by want that the user's shares cannot pay, said in the want they asked for beside
 * the shares (the vault's own revert counts shares): what the shares are worth, and how much want
 * is missing; with the withdrawal fee grossed up, what was asked of the vault too. Other errors as
 * they are.
 */
async function shortInWant(
  error: unknown,
  { chain, vault, adapter }: VaultTarget,
  user: Address,
  { wanted, asked }: { wanted: bigint; asked: bigint },
  position: VaultPosition,
): Promise<unknown> {
  if (!(error instanceof AppError) || error.code !== 'INSUFFICIENT_FUNDS') return error
  // A family whose position batch approximates the worth reads it exactly (at the latest block).
  const worth = adapter.underlyingRead
    ? await readAll(chain, [adapter.underlyingRead(vault.address, position.shares)]).then(
        ({ values }) => values[0],
        () => position.underlying,
      )
    : position.underlying
  const needed = asked > wanted ? asked : wanted
  const fee = asked > wanted ? `, and with the withdrawal fee on top the vault must be asked for ${asked}` : ''
  const short = needed > worth ? `${needed - worth} of ${vault.want} short` : 'short'
  return insufficientFunds(
    `withdraw would revert on chain ${chain.chainId}: ${user} holds ${position.shares} shares of vault ${vault.address}, worth ${worth} of ${vault.want}, ${short} of the ${wanted} asked for${fee} (${error.message.replace(/^.*? would revert on chain \d+: /, '')})`,
    {
      meta: {
        ...error.meta,
        shares: position.shares.toString(),
        balance: position.underlying.toString(),
        needed: needed.toString(),
        shortfall: (needed > position.underlying ? needed - position.underlying : 0n).toString(),
      },
      cause: error.cause,
    },
  )
}

/**
 * What `call` pays `user` in `token` if sent now (balance after − before, simulated) and its gas
 * estimate, both in one node round trip. A revert becomes the client's 422.
 */
async function simulateReceipt(chain: ChainClient, user: Address, token: Address, call: { to: Address; data: Hex }) {
  const balance = { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [user] }), value: 0n }
  const action = { to: call.to, data: call.data, value: 0n }
  try {
    const [[blocks], gas] = await Promise.all([
      simulateCalls(chain, user, [[balance, action, balance]], { traceTransfers: true }),
      estimateGas(chain, { from: user, to: call.to, data: call.data }),
    ])
    const balanceIn = (index: number) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: blocks![index]!.returnData })
    return { received: balanceIn(2) - balanceIn(0), gas, expected: balanceChangesOf(user, blocks!), stateBlock: blocks![0]!.stateBlock }
  } catch (error) {
    throw actionError(error, chain, 'withdraw')
  }
}
