import type { Address } from 'viem'
import { SimulatedCallFailed, simulateCalls, type Transfer, type UnsignedCall } from '../chain/index.js'
import { type ChainContext, pricedStateOf } from '../answer-state/index.js'
import { insufficientFunds, invalidInput, nodeFailed } from '../errors/index.js'
import { allowanceRead, balanceOfRead, encodeApprove, encodeZapOut, minimumOutput, pairReservesRead } from '../protocols/index.js'
import { checksummed, type ZapOutTxDescriptor } from '../schema/index.js'
import { actionError, buildTx, readForAction, startCall } from '../tx/index.js'
import { registeredZap } from './registeredZap.js'
import { resolveVault } from './resolveVault.js'
import { checkZapPrices } from './zapGuard.js'

export interface ZapOutInput {
  vault: Address
  user: Address
  /** Vault shares to burn, lowest denomination. */
  ibtAmount: bigint
  /** A token of the vault's LP pair, or the native coin (the wrapped native unwrapped). */
  tokenOut: Address | 'native'
  yieldZapAddress: Address
  /** Percent, 0 < slippage ≤ 50. */
  slippage: number
}

/**
 * Zap out: `beefOutAndSwap` on the vault's registered zap, which takes the user's shares (approved
 * to it when needed), withdraws the LP, removes the liquidity and swaps the other side into
 * `tokenOut`. The swap's minimum is what it pays in a simulation at the state the reads see, less
 * the slippage: the first round trip carries the reads (allowance, shares, the pair's reserves),
 * the call's estimate and a simulation of it after the share approval with no minimum (same path
 * and transfers), so the quote is known whether or not an approval is needed. The swap the
 * simulation traced is weighed by the same price guard as zap-in.
 */
export async function buildZapOutTx(ctx: ChainContext, input: ZapOutInput): Promise<{ tx: ZapOutTxDescriptor; blockNumber: bigint }> {
  const target = resolveVault(ctx, input.vault)
  const { chain, vault, registry } = target
  const { user, ibtAmount } = input
  const zap = registeredZap(target, input.yieldZapAddress, ctx.chainId)
  const pair = registry.lpPairs.get(vault.want)
  if (!pair) throw invalidInput('tokenOut', `cannot be chosen: vault ${vault.address}'s want ${vault.want} is not a registered LP pair on chain ${ctx.chainId}`)
  const wrapped = checksummed(chain.config.wrappedNative)
  const desired = desiredToken(input.tokenOut, pair, wrapped)
  const other = desired === pair.token0 ? pair.token1 : pair.token0
  const encode = (minOut: bigint) => encodeZapOut(vault.address, ibtAmount, desired, minOut)
  const quoteCall: UnsignedCall = { to: zap.address, data: encode(0n), value: 0n }
  const approval: UnsignedCall = { to: vault.address, data: encodeApprove(zap.address, ibtAmount), value: 0n }

  // One round trip: the reads, the call as it stands, and the call after the share approval.
  const started = startCall(chain, user, quoteCall)
  const approved = simulateCalls(chain, user, [[approval, quoteCall]], { traceTransfers: true })
  approved.catch(() => undefined)
  const priced = pricedStateOf(ctx, { blockTime: false }).catch(() => undefined)
  const { values, blockNumber } = await readForAction(chain, 'zap-out', [
    allowanceRead(vault.address, user, zap.address),
    balanceOfRead(vault.address, user),
    pairReservesRead(pair.address),
  ])
  const [allowance, shares, [reserve0, reserve1]] = values
  if (shares < ibtAmount)
    throw insufficientFunds(`${user} holds ${shares} shares of vault ${vault.address} on chain ${ctx.chainId}, less than the ${ibtAmount} to zap out`, {
      meta: { balance: shares.toString(), needed: ibtAmount.toString() },
    })
  const outcome = await approved.then(
    ([block]) => block![1]!,
    (error: unknown) => {
      throw actionError(error, chain, 'zap-out')
    },
  )
  if (!outcome.ok) throw actionError(new SimulatedCallFailed(1, outcome.error), chain, 'zap-out')
  const swap = tracedSwap(outcome.transfers ?? [], { zap: zap.address, pair: pair.address, tokenIn: other, tokenOut: desired })
  // Without the swap's amounts the guard would weigh nothing and pass: never served unweighed.
  if (!swap)
    throw nodeFailed(
      `the simulation of zap ${zap.address} on chain ${ctx.chainId} shows no swap of ${other} into ${desired} through pair ${pair.address} (${outcome.transfers?.length ?? 0} transfers traced): its price impact cannot be weighed, so the zap-out is not served`,
    )
  const check = checkZapPrices(
    await priced,
    { tokenIn: other, amountIn: swap.amountIn, tokenOut: desired, amountOut: swap.amountOut, pair, reserves: { reserve0, reserve1 } },
    { chainId: ctx.chainId, slippage: input.slippage, maxDeviationPercent: ctx.config.zapMaxDeviationPercent },
  )
  const swapMinimumOut = minimumOutput(swap.amountOut, input.slippage)
  const covered = allowance >= ibtAmount
  const { tx } = await buildTx(
    {
      chain,
      from: user,
      to: zap.address,
      data: encode(swapMinimumOut),
      ...(covered && { started }),
      action: 'zap-out',
      allowance: { token: vault.address, spender: zap.address, amount: ibtAmount, current: allowance },
    },
    ctx.config.gasMargin,
  )
  // Object.assign, not a spread that adds keys: V8's slow path, as in withFees.
  return { tx: Object.assign({}, tx, check, { swapMinimumOut: swapMinimumOut.toString() }), blockNumber }
}

/** The token the zap is asked for: a side of the pair; "native" for the wrapped native, which the zap unwraps. */
function desiredToken(tokenOut: Address | 'native', pair: { address: Address; token0: Address; token1: Address }, wrapped: Address): Address {
  const sides = `${pair.token0} and ${pair.token1}`
  if (tokenOut === 'native') {
    if (pair.token0 === wrapped || pair.token1 === wrapped) return wrapped
    throw invalidInput('tokenOut', `"native" needs a pair of the wrapped native coin ${wrapped}; pair ${pair.address} holds ${sides}`)
  }
  if (tokenOut === wrapped)
    throw invalidInput('tokenOut', `the zap pays the wrapped native coin ${wrapped} out unwrapped, as Beefy's zap does: ask for "native"`)
  if (tokenOut !== pair.token0 && tokenOut !== pair.token1) throw invalidInput('tokenOut', `must be a token of pair ${pair.address} (${sides}) or "native"`)
  return tokenOut
}

/**
 * The zap's swap as the simulation traced it: what it sent the pair of `tokenIn`, and the first
 * `tokenOut` the pair paid it after that (the liquidity removal pays both tokens before);
 * undefined when the trace shows no such swap (a node that traces no transfers, a zap that works
 * otherwise).
 */
export function tracedSwap(
  transfers: readonly Transfer[],
  parties: { zap: Address; pair: Address; tokenIn: Address; tokenOut: Address },
): { amountIn: bigint; amountOut: bigint } | undefined {
  const [zap, pair, tokenIn, tokenOut] = [parties.zap, parties.pair, parties.tokenIn, parties.tokenOut].map((address) => address.toLowerCase())
  const sent = transfers.findIndex((transfer) => transfer.token === tokenIn && transfer.from === zap && transfer.to === pair)
  if (sent < 0 || transfers[sent]!.amount === 0n) return undefined
  const paid = transfers.find((transfer, index) => index > sent && transfer.token === tokenOut && transfer.from === pair && transfer.to === zap)
  if (!paid || paid.amount === 0n) return undefined
  return { amountIn: transfers[sent]!.amount, amountOut: paid.amount }
}
