import type { ChainClient } from '../chain/index.js'
import type { BlockSample } from './BlockClock.js'

/**
 * The timestamps of `blocks` (headers only), read together so that inside a request scope they
 * travel as one JSON-RPC batch. Headers a node does not give are left out; never throws.
 */
export async function readBlockSamples(chain: ChainClient, blocks: readonly bigint[]): Promise<BlockSample[]> {
  const read = await Promise.allSettled(blocks.map((blockNumber) => chain.client.getBlock({ blockNumber, includeTransactions: false })))
  return read.flatMap((outcome) =>
    outcome.status === 'fulfilled' && outcome.value.number !== null ? [{ blockNumber: outcome.value.number, timestamp: Number(outcome.value.timestamp) }] : [],
  )
}
