import type { Logger } from 'pino'
import type { ChainClient } from '../chain/index.js'
import type { IndexStore } from '../store/index.js'
import type { FollowedContract } from './followedContracts.js'
import type { IndexProgress } from './progress.js'

/** What a ChainIndexer follows, where it stores, and whom it tells. */
export interface ChainIndexerOptions {
  chain: ChainClient
  contracts: readonly FollowedContract[]
  store: IndexStore
  /** Names this process in the chain's lease. */
  owner: string
  /** The lease expires this long after its holder's last pass; the node calls of one pass share this budget too, ms. */
  leaseTtlMs: number
  /** How often a caught-up indexer looks for a new block, ms. */
  pollIntervalMs: number
  /** The largest block span one `eth_getLogs` asks for. */
  maxRangeBlocks: bigint
  /** Blocks after which a block is final (finalityDepthOf): hashes kept for reorg checks stop there, a reorg deeper is an incident. */
  finalityDepth: bigint
  log: Logger
  /** Called after every pass that moved the index (metrics). */
  onProgress?: (progress: IndexProgress) => void
  /** Called when a reorg removed indexed blocks: those after `ancestor` were replaced, `depth` of them below the block that no longer matched. */
  onReorg?: (depth: bigint, ancestor: bigint) => void
}

/** True when `block` lies past the finality depth below `head`: no reorg is expected to replace it. */
export function isFinal(block: bigint, head: bigint, finalityDepth: bigint): boolean {
  return head - block > finalityDepth
}
