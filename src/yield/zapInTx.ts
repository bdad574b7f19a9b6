import type { Address } from 'viem'
import { type ChainContext, pricedStateOf } from '../answer-state/index.js'
import { insufficientFunds, invalidInput } from '../errors/index.js'
import { allowanceRead, encodeZapIn, encodeZapInNative, estimateSwapRead, minimumOutput, nativeBalanceRead, pairReservesRead } from '../protocols/index.js'
import { checksummed, type TxDescriptor } from '../schema/index.js'
import { buildTx, readForAction, startCall } from '../tx/index.js'
import { resolveVault } from './resolveVault.js'
import { refuseClosedVault } from './vaultStatus.js'
import { isRegisteredToken, registeredZap } from './registeredZap.js'
import { checkZapPrices, type ZapPriceCheck } from './zapGuard.js'

export interface ZapInInput {
  vault: Address
  user: Address
  /** Amount of the input token (or native coin), lowest denomination. */
  tokenInAmount: bigint
  yieldZapAddress: Address
  /** Percent, 0 < slippage ≤ 50. */
  slippage: number
  /** Y3 only: the input token; default the zap's registered input token. */
  tokenIn?: Address
  /** Y4: the input is the native coin sent as value. */
  native: boolean
}

/**
 * Y3 zap-in / Y4 zap-in-bnb: `beefIn` (approving the input token to the zap when needed) or
 * `beefInETH` with `value` = tokenInAmount. The minimum output is the zap's own `estimateSwap`
 * less the slippage. One node round trip when no approval is needed: the quote, what the user
 * holds (allowance, or native balance) and the call's estimate and traced simulation travel
 * together. They are made with no minimum: same path, gas and transfers, and the real minimum,
 * the quote of the same state less the slippage, passes at that state.
 */
export async function buildZapInTx(ctx: ChainContext, input: ZapInInput): Promise<{ tx: TxDescriptor & ZapPriceCheck; blockNumber: bigint }> {
  if (input.native && input.tokenIn !== undefined) throw invalidInput('tokenIn', 'is not used by zap-in-bnb: its input is the native coin sent as value')
  const target = resolveVault(ctx, input.vault)
  const { chain, vault, registry } = target
  const { user } = input
  const zap = registeredZap(target, input.yieldZapAddress, ctx.chainId)
  const tokenIn = checksummed(input.native ? chain.config.wrappedNative : (input.tokenIn ?? zap.defaultTokenIn))
  if (input.tokenIn !== undefined && !isRegisteredToken(registry, tokenIn))
    throw invalidInput('tokenIn', `must be a token registered on chain ${ctx.chainId}: the service never builds an approval to a contract it does not know`)
  refuseClosedVault(ctx, vault)
  const action = input.native ? 'zap-in-bnb' : 'zap-in'
  const value = input.native ? input.tokenInAmount : 0n
  const encode = (minOut: bigint) =>
    input.native ? encodeZapInNative(vault.address, minOut) : encodeZapIn(vault.address, minOut, tokenIn, input.tokenInAmount)

  // The same path and transfers as with the real minimum, at the state the reads see.
  const started = startCall(chain, user, { to: zap.address, data: encode(0n), value })
  // Fair prices for the guard: the latest snapshot's (no node call), beside the reads.
  const priced = pricedStateOf(ctx, { blockTime: false }).catch(() => undefined)
  const pair = registry.lpPairs.get(vault.want)
  const { values, blockNumber } = await readForAction(chain, action, [
    estimateSwapRead(zap.address, vault.address, tokenIn, input.tokenInAmount),
    input.native ? nativeBalanceRead(user) : allowanceRead(tokenIn, user, zap.address),
    pairReservesRead(pair?.address ?? vault.want),
  ])
  /** Native coin (Y4) or the zap's allowance of the input token (Y3), wei. */
  const [[swapAmountIn, swapAmountOut, swapTokenOut], held, [reserve0, reserve1]] = values
  if (input.native && held < input.tokenInAmount)
    throw insufficientFunds(
      `${user} holds ${held} wei of the native coin on chain ${ctx.chainId}, less than the ${input.tokenInAmount} the zap would send (gas comes on top)`,
      { meta: { balance: held.toString(), needed: input.tokenInAmount.toString() } },
    )
  const check: ZapPriceCheck = pair
    ? checkZapPrices(
        await priced,
        { tokenIn, amountIn: swapAmountIn, tokenOut: swapTokenOut, amountOut: swapAmountOut, pair, reserves: { reserve0, reserve1 } },
        { chainId: ctx.chainId, slippage: input.slippage, maxDeviationPercent: ctx.config.zapMaxDeviationPercent },
      )
    : { priceImpactNote: `not measured: the want ${vault.want} is not a registered LP pair` }
  const { tx } = await buildTx(
    {
      chain,
      from: user,
      to: zap.address,
      data: encode(minimumOutput(swapAmountOut, input.slippage)),
      value,
      started,
      action,
      ...(!input.native && { allowance: { token: tokenIn, spender: zap.address, amount: input.tokenInAmount, current: held } }),
    },
    ctx.config.gasMargin,
  )
  // Object.assign, not a spread that adds keys: V8's slow path, as in withFees.
  return { tx: Object.assign({}, tx, check), blockNumber }
}
