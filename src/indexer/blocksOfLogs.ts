import type { ChainClient } from '../chain/index.js'
import type { IndexedBlock } from '../store/index.js'
import { readBlock, type NodeBlock, type NodeLog } from './readLogs.js'

/**
 * Blocks this close to the head may still be replaced: the index checks the hash of every block
 * it stores events of in this window against the node's (older blocks are final on every chain
 * served: Ethereum finalizes within about 64, BNB Smart Chain within a few, Avalanche at once).
 */
const UNFINALIZED_BLOCKS = 256n

/**
 * The blocks of `logs` with their hashes and timestamps (`end`, the range's last block when it was
 * read, must be the one a log of it names): from the logs themselves where the
 * node adds `blockTimestamp`, else from their headers (one more round trip). Undefined when a
 * log near the head names a block the node no longer has at the end of the pass (the chain
 * moved under it: the pass is read again).
 */
export async function blocksOfLogs(
  chain: ChainClient,
  logs: readonly NodeLog[],
  end: NodeBlock | undefined,
  head: bigint,
): Promise<Map<bigint, IndexedBlock> | undefined> {
  const blocks = new Map<bigint, IndexedBlock>()
  const toCheck = new Set<bigint>()
  for (const log of logs) {
    const number = BigInt(log.blockNumber)
    if (blocks.has(number)) continue
    if (end && number === end.number) {
      if (log.blockHash !== end.hash) return undefined
      blocks.set(number, indexedBlockOf(end))
      continue
    }
    blocks.set(number, { number, hash: log.blockHash, timestamp: log.blockTimestamp ? Number(BigInt(log.blockTimestamp)) : Number.NaN })
    if (!log.blockTimestamp || number + UNFINALIZED_BLOCKS > head) toCheck.add(number)
  }
  if (toCheck.size === 0) return blocks
  const headers = await Promise.all([...toCheck].map((number) => readBlock(chain, number)))
  for (const header of headers) {
    const block = header && blocks.get(header.number)
    if (!header || !block || block.hash !== header.hash) return undefined
    block.timestamp = header.timestamp
  }
  return blocks
}

/** A header as the index stores it. */
export function indexedBlockOf(block: NodeBlock): IndexedBlock {
  return { number: block.number, hash: block.hash, timestamp: block.timestamp }
}
