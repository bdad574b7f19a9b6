import { readAll, type ChainClient, type RawCall } from '../chain/index.js'
import { actionError } from './actionError.js'

/**
 * `readAll` for an endpoint: one block-pinned Multicall3 batch whose failures become the
 * client's error (a reverting read → 422 with the decoded error, a failing node → 503).
 */
export async function readForAction<const calls extends readonly RawCall<unknown>[]>(
  chain: ChainClient,
  action: string,
  calls: calls,
  blockNumber?: bigint,
): Promise<{ values: { [index in keyof calls]: ReturnType<calls[index]['decode']> }; blockNumber: bigint }> {
  try {
    return await readAll(chain, calls, blockNumber)
  } catch (error) {
    throw actionError(error, chain, action)
  }
}
