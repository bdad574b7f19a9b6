import { BlockNotFoundError } from 'viem'
import type { ChainClient } from './createChainClients.js'

/**
 * Whether the chain's node has a block at `blockNumber`: false when it answers that it has none
 * (a chain gone back to a shorter one), true when it has it or cannot say (a failing node is no
 * evidence that the block is gone).
 */
export async function hasBlock(chain: ChainClient, blockNumber: bigint): Promise<boolean> {
  try {
    await chain.client.getBlock({ blockNumber })
    return true
  } catch (error) {
    return !(error instanceof BlockNotFoundError)
  }
}
