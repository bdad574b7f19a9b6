import type { BlockNumber, ContractFunctionParameters, MulticallReturnType } from 'viem'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import type { ChainClient } from './createChainClients.js'
import { MULTICALL3_ADDRESS } from './createChainClients.js'

/**
 * Reads many contract values in one Multicall3 `aggregate3` round trip, all at one block, and
 * tells which block: Multicall3's own `getBlockNumber()` rides in the same batch, so the answer's
 * freshness costs no extra request. Pass `blockNumber` to pin an earlier block.
 */
export async function readContracts<const contracts extends readonly ContractFunctionParameters[]>(
  chain: ChainClient,
  contracts: contracts,
  blockNumber?: BlockNumber,
): Promise<{ values: MulticallReturnType<contracts, false>; blockNumber: bigint }> {
  const withBlock = [...contracts, { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getBlockNumber' }]
  const results = (await chain.client.multicall({
    contracts: withBlock as readonly ContractFunctionParameters[],
    allowFailure: false,
    ...(blockNumber !== undefined && { blockNumber }),
  })) as unknown[]
  return {
    values: results.slice(0, -1) as MulticallReturnType<contracts, false>,
    blockNumber: results[results.length - 1] as bigint,
  }
}
