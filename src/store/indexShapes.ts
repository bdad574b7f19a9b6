import type { Address, Hex } from 'viem'
import type { EventRows } from './indexRows.js'

/** A block the indexer followed: its hash (for reorg checks) and timestamp (seconds). */
export interface IndexedBlock {
  number: bigint
  hash: Hex
  timestamp: number
}

/** A contract the index follows: where its backfill starts and the next block to read. */
export interface IndexedContract {
  address: Address
  fromBlock: bigint
  nextBlock: bigint
}

/** What one pass of the indexer read: committed at once, or not at all. */
export interface IndexBatch {
  /** The contracts the pass read, now indexed through `through`. */
  addresses: readonly Address[]
  through: bigint
  /** The blocks of the events, and the last block read (a checkpoint for the next pass's reorg check; none for a range past the finality depth). */
  blocks: readonly IndexedBlock[]
  checkpoint?: IndexedBlock
  /** The events read, as rows (eventRows). */
  rows: EventRows
  /** The chain's head when the pass began. */
  head: bigint
  /** Blocks after which a block is final: checkpoints (blocks without events) below the head by more are deleted, the newest aside. */
  finalityDepth: bigint
}

/** The lease of a chain's indexer was taken over by another process (it stopped renewing in time). */
export class IndexLeaseLost extends Error {
  override readonly name = 'IndexLeaseLost'

  constructor(chainId: number) {
    super(`the index lease of chain ${chainId} is no longer held by this process`)
  }
}
