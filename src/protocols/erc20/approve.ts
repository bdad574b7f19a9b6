import { erc20Abi, type Address, type Hex } from 'viem'
import { encodeCall } from '../../chain/index.js'

/** Call data of an ERC-20 `approve(spender, amount)`. */
export function encodeApprove(spender: Address, amount: bigint): Hex {
  return encodeCall(erc20Abi, 'approve', [spender, amount])
}
