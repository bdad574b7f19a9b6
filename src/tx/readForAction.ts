import type { BlockNumber, ContractFunctionParameters, MulticallReturnType } from 'viem'
import { readContracts, type ChainClient } from '../chain/index.js'
import { actionError } from './actionError.js'

/**
 * `readContracts` for an endpoint: one block-pinned Multicall3 batch whose failures become the
 * client's error (a reverting read → 422 with the decoded error, a failing node → 503).
 */
export async function readForAction<const contracts extends readonly ContractFunctionParameters[]>(
  chain: ChainClient,
  action: string,
  contracts: contracts,
  blockNumber?: BlockNumber,
): Promise<{ values: MulticallReturnType<contracts, false>; blockNumber: bigint }> {
  try {
    return await readContracts(chain, contracts, blockNumber)
  } catch (error) {
    throw actionError(error, chain, action)
  }
}
