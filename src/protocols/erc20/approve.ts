import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem'

/** Call data of an ERC-20 `approve(spender, amount)`. */
export function encodeApprove(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] })
}
