import { decodeFunctionResult, encodeFunctionData, type Abi, type Address } from 'viem'
import type { RawCall } from '../../chain/index.js'

type AbiType = 'uint256' | 'address'

/**
 * A view call whose function name comes from the registry (MasterChef forks rename `pendingSushi`
 * to `pendingCake` and so on), so no compiled ABI has it: the one-function ABI is built from the
 * name and the signature every fork keeps.
 */
export function renamedRead<T>(target: Address, functionName: string, inputs: readonly AbiType[], output: AbiType, args: readonly unknown[] = []): RawCall<T> {
  const abi: Abi = [
    {
      type: 'function',
      name: functionName,
      stateMutability: 'view',
      inputs: inputs.map((type) => ({ type, name: '' })),
      outputs: [{ type: output, name: '' }],
    },
  ]
  return {
    target,
    callData: encodeFunctionData({ abi, functionName, args }),
    decode: (data) => decodeFunctionResult({ abi, functionName, data }) as T,
  }
}
