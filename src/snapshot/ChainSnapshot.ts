import superjson from 'superjson'
import type { Address } from 'viem'
import type { ChainState } from '../ecosystem/index.js'

/**
 * Everything the aggregate endpoints need of one chain, read at one block: the chain state and
 * the completedAPR of the pools that had ended by then. Answers are computed from it without RPC.
 */
export interface ChainSnapshot {
  chainId: number
  /** When the state was read, ms since the epoch. */
  takenAt: number
  state: ChainState
  /** pool → pid → the APR it had at the block before its end. */
  completedApr: Record<Address, Record<string, string>>
}

/** Text form for the store and Redis: bigints and Maps survive (superjson). */
export function encodeSnapshot(snapshot: ChainSnapshot): string {
  return superjson.stringify(snapshot)
}

export function decodeSnapshot(text: string): ChainSnapshot {
  return superjson.parse<ChainSnapshot>(text)
}
