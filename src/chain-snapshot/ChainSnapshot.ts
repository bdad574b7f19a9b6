import type { Address } from 'viem'
import type { BlockTime } from '../block-time/index.js'
import type { ChainState } from './ChainState.js'
import type { HarvestCosts } from './harvestCosts.js'
import type { SnapshotIndex } from './snapshotIndex.js'

/**
 * Everything the aggregate endpoints need of one chain, read at one block: the chain state, the
 * block time the refresher measured (so every api replica computes APRs and durations with the
 * same one) and the completedAPR of the pools that had ended by then. Answers are computed from
 * it without RPC.
 */
export interface ChainSnapshot {
  chainId: number
  /** When the state was read, ms since the epoch. */
  takenAt: number
  state: ChainState
  /** Seconds per block and where they come from; absent for an unknown chain not measured yet (and in snapshots older than this field). */
  blockTime?: BlockTime
  /** pool → pid → the APR it last had before its end. */
  completedApr: Record<Address, Record<string, string>>
  /** pool → why its completedAPR is `{}` (e.g. a pruned node no longer has the state before its end). */
  completedAprNotes?: Record<Address, string>
  /** Gas price and harvest gas of the chain's strategies, refreshed every few blocks (see Refresher); absent without strategies. */
  harvest?: HarvestCosts
  /** What the event index says at the snapshot's block; absent where no index runs. */
  index?: SnapshotIndex
  /** Per APY window (`1d`, `7d`, `30d`): each vault's price per share about that long before the snapshot's block, in chain time. */
  apyBases?: Record<string, ApyBase>
  /** Taken after the chain went back to a shorter one (a rollback, a reorg that lowered the head): it replaces a snapshot of a higher block. */
  rewound?: true
  /** Figures (see figureKey) that moved more than 5× against a snapshot under 6 hours older, set by the refresher; absent when none did. */
  jumps?: Record<string, FigureJump>
}

/** A figure's move between two snapshots under 6 hours apart: what it was then, and what it is at this snapshot. */
export interface FigureJump {
  from: number
  to: number
  fromBlock: string
  /** The earlier snapshot's block timestamp, seconds. */
  fromTimestamp: number
}

/** Each vault's price per share at a block about one APY window before a snapshot's, and why a vault has none. */
export interface ApyBase {
  vaults: Record<Address, { blockNumber: bigint; timestamp: number; pricePerShare: bigint; source: 'store' | 'node' | 'index' }>
  /** Each vault want's LP pair at a block about that long back (its trading fees grow √k per LP token); absent in snapshots older than this field. */
  pairs?: Record<Address, PairPoint>
  /** vault or pair → why it has no point (the chain or the vault is younger than the window, the nodes no longer have that state). */
  notes: Record<Address, string>
}

/** An LP pair's reserves and supply at one block (read from the node). */
export interface PairPoint {
  blockNumber: bigint
  /** Seconds since the epoch. */
  timestamp: number
  reserve0: bigint
  reserve1: bigint
  totalSupply: bigint
}
