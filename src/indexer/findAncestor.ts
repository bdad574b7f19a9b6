import type { ChainClient } from '../chain/index.js'
import type { IndexStore } from '../store/index.js'
import { readBlock } from './readLogs.js'

/** Stored blocks compared with the node's per round trip while looking for the newest block a reorg left in place. */
const ANCESTOR_PAGE = 16

/**
 * The newest block below `mismatched` (a stored block the node no longer has as it was stored)
 * that the node still has as stored, comparing hashes a page of stored blocks per round trip;
 * -1 when none is left in place (the index then starts again). Below the finality depth only the
 * blocks of events are stored, so a reorg deeper than it is still found, to the block of the
 * newest event left in place.
 */
export async function findAncestor(chain: ChainClient, store: IndexStore, chainId: number, mismatched: bigint): Promise<bigint> {
  let below = mismatched
  for (;;) {
    const stored = await store.blocksBelow(chainId, below, ANCESTOR_PAGE)
    if (stored.length === 0) return -1n
    const now = await Promise.all(stored.map((block) => readBlock(chain, block.number)))
    const kept = stored.find((block, index) => now[index]?.hash === block.hash)
    if (kept) return kept.number
    below = stored[stored.length - 1]!.number
  }
}
