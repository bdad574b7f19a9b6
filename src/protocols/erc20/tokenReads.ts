import { decodeAbiParameters, erc20Abi, hexToString, parseAbi, size, type Address, type Hex } from 'viem'
import { multicall3Abi } from '../../../contracts/artifacts/index.js'
import { contractCall, MULTICALL3_ADDRESS, type RawCall } from '../../chain/index.js'

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

/** `totalSupply()` of an ERC-20 token (a vault's shares). */
export function totalSupplyRead(token: Address): RawCall<bigint> {
  return contractCall(token, erc20Abi, 'totalSupply')
}

/** `allowance(owner, spender)` of an ERC-20 token. */
export function allowanceRead(token: Address, owner: Address, spender: Address): RawCall<bigint> {
  return contractCall(token, erc20Abi, 'allowance', [owner, spender])
}

/** The native coin balance of `account`, wei (Multicall3's `getEthBalance`, so it rides in a batch). */
export function nativeBalanceRead(account: Address): RawCall<bigint> {
  return contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getEthBalance', [account])
}

function decodeText(returnData: Hex): string {
  if (size(returnData) === 32) return hexToString(returnData).replace(/\0+$/, '')
  const [text] = decodeAbiParameters([{ type: 'string' }], returnData)
  return text
}
