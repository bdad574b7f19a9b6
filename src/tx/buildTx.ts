import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'
import { simulateGas, type ChainClient, type UnsignedCall } from '../chain/index.js'
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
 * short, and gas measured as the call will run after them (simulated together). A call that
 * would revert becomes a 422 with the decoded error; a node that fails becomes a 503.
 */
export async function buildTx(plan: TxPlan, gasMargin: number): Promise<TxDescriptor> {
  const call: UnsignedCall = { to: plan.to, data: plan.data, value: plan.value ?? 0n }
  const approvals: UnsignedCall[] =
    plan.allowance && plan.allowance.current < plan.allowance.amount
      ? [
          {
            to: plan.allowance.token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [plan.allowance.spender, plan.allowance.amount] }),
            value: 0n,
          },
        ]
      : []
  try {
    const gas = await simulateGas(plan.chain, plan.from, approvals, call, gasMargin)
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
