import { decodeAbiParameters, erc20Abi, hexToString, parseAbi, size, type Address, type Hex } from 'viem'
import { contractCall, type RawCall } from '../../chain/index.js'

const textAbi = parseAbi(['function name() view returns (bytes)', 'function symbol() view returns (bytes)'])

/**
 * A token's `name()` or `symbol()`, whether it returns `string` (the standard) or `bytes32`
 * (older tokens such as MKR), trailing zero bytes removed.
 */
export function tokenTextRead(token: Address, functionName: 'name' | 'symbol'): RawCall<string> {
  const call = contractCall(token, textAbi, functionName)
  return { ...call, decode: decodeText }
}

/** `decimals()` of an ERC-20 token. */
export function decimalsRead(token: Address): RawCall<number> {
  return contractCall(token, erc20Abi, 'decimals')
}

/** `balanceOf(owner)` of an ERC-20 token. */
export function balanceOfRead(token: Address, owner: Address): RawCall<bigint> {
  return contractCall(token, erc20Abi, 'balanceOf', [owner])
}

function decodeText(returnData: Hex): string {
  if (size(returnData) === 32) return hexToString(returnData).replace(/\0+$/, '')
  const [text] = decodeAbiParameters([{ type: 'string' }], returnData)
  return text
}
