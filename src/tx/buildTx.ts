import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { SimulatedCallFailed, simulateGas, type ChainClient, type UnsignedCall } from '../chain/index.js'
import { actionError } from './actionError.js'
import type { TxDescriptor, UnsignedTx } from '../schema/index.js'

/** What an endpoint wants the user to send, before gas is known. */
export interface TxPlan {
  chain: ChainClient
  from: Address
  to: Address
  data: Hex
  /** Native coin sent with the call, wei. */
  value?: bigint
  /** The ERC-20 allowance the call spends, and what the user has given so far. */
  allowance?: { token: Address; spender: Address; amount: bigint; current: bigint }
  /** What is being built ("deposit", "stake", ...), for error messages. */
  action: string
}

/**
 * Turns a plan into the descriptor a wallet sends: approvals first when the allowance falls
 * short (a reset to 0 first for tokens that demand it), and gas measured as the call will run
 * after them (simulated together). A call that
 * would revert becomes a 422 with the decoded error; a node that fails becomes a 503.
 */
export async function buildTx(plan: TxPlan, gasMargin: number): Promise<TxDescriptor> {
  const call: UnsignedCall = { to: plan.to, data: plan.data, value: plan.value ?? 0n }
  const allowance = plan.allowance
  const approve = (amount: bigint): UnsignedCall => ({
    to: allowance!.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [allowance!.spender, amount] }),
    value: 0n,
  })
  let approvals: UnsignedCall[] = allowance && allowance.current < allowance.amount ? [approve(allowance.amount)] : []
  try {
    let gas
    try {
      gas = await simulateGas(plan.chain, plan.from, approvals, call, gasMargin)
    } catch (error) {
      // Some tokens (USDT on Ethereum) refuse to move a non-zero allowance to another non-zero
      // value: when the approval itself fails over a standing allowance, reset it to 0 first.
      const resettable = allowance && allowance.current > 0n && approvals.length === 1
      if (!(resettable && error instanceof SimulatedCallFailed && error.index === 0)) throw error
      approvals = [approve(0n), approve(allowance.amount)]
      gas = await simulateGas(plan.chain, plan.from, approvals, call, gasMargin)
    }
    const describe = (item: UnsignedCall, itemGas: bigint): UnsignedTx => ({
      data: item.data,
      gas: Number(itemGas),
      to: item.to,
      value: item.value.toString(),
      chainId: plan.chain.chainId,
      from: plan.from,
    })
    return {
      ...describe(call, gas.call),
      ...(approvals.length > 0 && { approvals: approvals.map((item, index) => describe(item, gas.before[index]!)) }),
    }
  } catch (error) {
    throw actionError(error, plan.chain, plan.action)
  }
}
