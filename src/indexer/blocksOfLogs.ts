import type { Hex } from 'viem'
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
 * What a pass needs of a range's logs besides their events: how many there were, and each block
 * they name (its first log's hash and, where the node adds it, timestamp), oldest first. Taken as
 * the logs arrive, so the logs themselves are dropped once decoded, not held until the pass takes
 * its range (in a backfill, ranges read ahead wait for the commit before them).
 */
export interface LogBlocks {
  count: number
  blocks: { number: bigint; hash: Hex; timestamp?: Hex }[]
}

/** The blocks `logs` name, each once: `logs` in chain order, as readLogs gives them (a block's logs side by side). */
export function logBlocksOf(logs: readonly NodeLog[]): LogBlocks {
  const blocks: LogBlocks['blocks'] = []
  let last = ''
  for (const log of logs) {
    if (log.blockNumber === last) continue
    last = log.blockNumber
    blocks.push({ number: BigInt(log.blockNumber), hash: log.blockHash, ...(log.blockTimestamp && { timestamp: log.blockTimestamp }) })
  }
  return { count: logs.length, blocks }
}

/**
 * The blocks of a range's logs (`logBlocksOf`) with their hashes and timestamps (`end`, the range's
 * last block when it was read, must be the one a log of it names): from the logs themselves where the
 * node adds `blockTimestamp`, else from their headers (one more round trip). Undefined when a
 * log near the head names a block the node no longer has at the end of the pass (the chain
 * moved under it: the pass is read again).
 */
export async function blocksOfLogs(
  chain: ChainClient,
  logged: LogBlocks['blocks'],
  end: NodeBlock | undefined,
  head: bigint,
): Promise<Map<bigint, IndexedBlock> | undefined> {
  const blocks = new Map<bigint, IndexedBlock>()
  const toCheck = new Set<bigint>()
  for (const { number, hash, timestamp } of logged) {
    if (end && number === end.number) {
      if (hash !== end.hash) return undefined
      blocks.set(number, indexedBlockOf(end))
      continue
    }
    blocks.set(number, { number, hash, timestamp: timestamp ? Number(BigInt(timestamp)) : Number.NaN })
    if (!timestamp || number + UNFINALIZED_BLOCKS > head) toCheck.add(number)
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
