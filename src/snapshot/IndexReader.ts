import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { SnapshotIndex } from '../chain-snapshot/index.js'
import { beingBuilt, type IndexProgress } from '../indexer/index.js'
import type { Registry } from '../registry/index.js'
import type { IndexStore } from '../store/index.js'
import { compoundingsAt } from './compoundings.js'

/** What a snapshot needs of the process that writes the event index: how far it is, and a wait for a block. */
export interface IndexFollower {
  /** Undefined for a chain it does not index. */
  progress(chainId: number): IndexProgress | undefined
  /** False while the chain's passes fail: nobody should wait for it then. */
  healthy(chainId: number): boolean
  reach(chainId: number, block: bigint, timeoutMs: number): Promise<boolean>
}

export interface IndexReaderDeps {
  index: IndexFollower
  /** Where the index keeps what it read: the snapshot's other readers of the past look there too. */
  store: IndexStore
  registry: Registry
}

/**
 * A snapshot waits for the index to reach its block only when the index is this close to it
 * (following the head) and its passes succeed: a backfill far behind, or an index whose node
 * fails, answers at once, with notes, rather than slow every snapshot down.
 */
const WAIT_WITHIN_BLOCKS = 16n

/**
 * What a snapshot takes from the event index, read from the store the indexer writes: the
 * stakers of the reward pools it counts, and how often each strategy compounded. The indexer
 * only writes; the figures of a snapshot are worked out here.
 */
export class IndexReader {
  /** Per chain, when each followed contract's indexed history began (seconds; see compoundingsAt). */
  private readonly firstTimes = new Map<number, Map<Address, number>>()

  constructor(private readonly deps: IndexReaderDeps) {}

  get store(): IndexStore {
    return this.deps.store
  }

  /**
   * Whether the index can now tell more of `snapshot`'s block than it did when the snapshot was
   * taken: the snapshot was made while the index was being built or had not reached its block
   * (stakers not counted), and now its lookups are built through that block.
   */
  tellsMoreOf(snapshot: { chainId: number; state: { blockNumber: bigint }; index?: SnapshotIndex }): boolean {
    const taken = snapshot.index
    const now = this.deps.index.progress(snapshot.chainId)
    if (!taken || !now?.indexesBuilt) return false
    const block = snapshot.state.blockNumber
    if (!taken.indexesBuilt) return now.indexedBlock !== undefined && now.indexedBlock >= block
    // Only a pool the index now holds through the block: one it does not follow would ask for the same snapshot forever.
    return Object.keys(taken.participantsNotes).some((pool) => (now.contracts.get(pool as Address) ?? -1n) >= block)
  }

  /**
   * What a snapshot of `chainId` at `sample`'s block carries of the index: its progress and the
   * stakers of every reward pool at that block, for the pools whose events are indexed through it
   * (waiting up to `waitMs` for the index to get there when it follows the head), with a note for
   * the others, and how often each strategy compounded over the 30 days before it (see
   * compoundingsAt). Undefined for a chain the index does not follow.
   */
  async atBlock(chainId: number, sample: BlockSample, waitMs: number): Promise<SnapshotIndex | undefined> {
    const { index, store } = this.deps
    const block = sample.blockNumber
    const registry = this.deps.registry.chains.get(chainId)
    const before = index.progress(chainId)
    if (!before || !registry) return undefined
    if (index.healthy(chainId) && before.indexedBlock !== undefined && before.indexedBlock + WAIT_WITHIN_BLOCKS >= block)
      await index.reach(chainId, block, waitMs)
    const progress = index.progress(chainId) ?? before
    const participants: Record<Address, Record<string, number>> = {}
    const participantsNotes: Record<Address, string> = {}
    const firstTimes = this.firstTimes.get(chainId) ?? new Map<Address, number>()
    this.firstTimes.set(chainId, firstTimes)
    // Beside the stakers' counts: their queries travel together.
    const compounding = compoundingsAt(store, chainId, registry, progress, sample, firstTimes)
    // Met below; not left unhandled when the stakers' counts fail first.
    compounding.catch(() => undefined)
    await Promise.all(
      // A reference pool counts its stakers itself (poolInfo): only the other families are counted here.
      [...registry.rewardPools.values()]
        .filter((entry) => (entry.kind ?? 'reference') !== 'reference')
        .map(async ({ address: pool }) => {
          const through = progress.contracts.get(pool)
          if (!progress.indexesBuilt) {
            participantsNotes[pool] = `stakers are not counted yet: ${beingBuilt(progress)}; participants is null until it is`
            return
          }
          if (through === undefined || through < block) {
            participantsNotes[pool] = notCountedNote(through, block, progress)
            return
          }
          const counts = await store.participants(chainId, pool, block)
          participants[pool] = Object.fromEntries([...counts].map(([pid, count]) => [String(pid), count]))
        }),
    )
    const compoundings = await compounding
    const { indexedBlock, head, backfill, indexesBuilt } = progress
    return { indexedBlock, head, backfill, indexesBuilt, participants, participantsNotes, compoundings }
  }
}

function notCountedNote(through: bigint | undefined, block: bigint, progress: IndexProgress): string {
  const where =
    through === undefined
      ? 'the event index has not started on this pool yet'
      : `the event index holds this pool's events through block ${through} (event backfill ${(progress.backfill * 100).toFixed(1)} %)`
  return `stakers are not counted yet: ${where}, not through this answer's block ${block}; participants is null until it does`
}
