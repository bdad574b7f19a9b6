import type { Address } from 'viem'

/** The event index's progress when a snapshot was taken, and the counts it gives at the snapshot's block. */
export interface SnapshotIndex {
  /** Every followed contract's events are stored through this block; undefined before the first pass. */
  indexedBlock: bigint | undefined
  /** The head the indexer last saw. */
  head: bigint | undefined
  /** Share of the blocks from the first followed contract's first block to the head that are indexed, 0 to 1. */
  backfill: number
  /** The chain's lookups are built (after its event backfill), so answers read its events; absent (built) in snapshots older than this field. */
  indexesBuilt?: boolean
  /**
   * pool → pid → accounts with a stake above zero at the snapshot's block, for the pools whose
   * events are indexed through it; the others are named in `participantsNotes`.
   */
  participants: Record<Address, Record<string, number>>
  /** pool → why its stakers are not counted (the index has not reached the snapshot's block). */
  participantsNotes: Record<Address, string>
  /** How often each strategy compounded over the 30 days of chain time before the snapshot's block; absent in snapshots older than this field. */
  compoundings?: Compoundings
}

/** Each strategy's harvests that added want in a window of chain time, and why a strategy is not counted. */
export interface Compoundings {
  /** strategy → its harvests that added want, and the seconds of chain time they were counted over (30 days, or since the vault's first event when younger). */
  counts: Record<Address, { harvests: number; spanSeconds: number }>
  /** strategy → why it is not counted (the index has not reached the snapshot's block). */
  notes: Record<Address, string>
}
