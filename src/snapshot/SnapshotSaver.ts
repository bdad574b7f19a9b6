import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { snapshotPrices } from '../pricing/index.js'
import { historyEntryOf, keepPointValues } from './historyEntry.js'
import type { Outages } from './Outages.js'
import type { RefresherDeps } from './RefresherDeps.js'

const PRUNE_EVERY_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * The refresher's side in the store: each snapshot taken is saved (see saveUnsaved) and a history
 * point recorded from it (TVL per chain, APR per staking pool; at most every `historyIntervalMs`),
 * pruned past the retention. Its work runs one step at a time and off a snapshot's path: a new
 * block's snapshot is served before it is saved, and never waits for the last one's save (a
 * minute's save and history point took about 290 ms with 1,000 vaults and 1,000 pools).
 */
export class SnapshotSaver {
  private readonly historyAt = new Map<number, number>()
  /** The hour (chain time) of each chain's last history point whose values were kept. */
  private readonly valuesHour = new Map<number, number>()
  private readonly unsaved = new Map<number, ChainSnapshot>()
  /** When each chain's snapshot was last saved to the store, ms since the epoch. */
  private readonly savedAt = new Map<number, number>()
  private prunedAt = 0
  /** Each chain's latest snapshot taken whose history point is not looked at yet. */
  private readonly forHistory = new Map<number, ChainSnapshot>()
  /** The work queued, one step after the other; it never rejects (each step counts its own failures). */
  private work: Promise<void> = Promise.resolve()
  /** The step queued and not begun yet. */
  private next: Promise<void> | undefined

  constructor(
    private readonly deps: Pick<RefresherDeps, 'store' | 'config' | 'storeIsFollowed' | 'registry' | 'chains' | 'figurePolicy' | 'blockPrices'>,
    private readonly outages: Outages,
  ) {}

  /** Queues `snapshot`'s save and history point; resolves when they are done. */
  taken(snapshot: ChainSnapshot): Promise<void> {
    this.unsaved.set(snapshot.chainId, snapshot)
    this.forHistory.set(snapshot.chainId, snapshot)
    return this.queued()
  }

  /** Saves what is due (the store may have been down) and prunes the history once an hour. */
  due(): Promise<void> {
    return this.queued()
  }

  /** Resolves once the work queued so far is done. */
  settled(): Promise<void> {
    return this.work
  }

  /** Finishes the work queued, then saves every snapshot not saved yet: what a restart serves first is the latest, not the last save's. */
  stop(): Promise<void> {
    this.work = this.work.then(() => this.saveUnsaved(true))
    return this.work
  }

  /**
   * The next step of the work, queued once: what is asked while it waits joins it, so a store that
   * hangs holds one step and each chain's latest snapshot, not one step per block.
   */
  private queued(): Promise<void> {
    if (this.next) return this.next
    this.next = this.work.then(async () => {
      this.next = undefined
      const history = [...this.forHistory.values()]
      this.forHistory.clear()
      await this.saveUnsaved()
      for (const snapshot of history) await this.recordHistory(snapshot)
      await this.pruneIfDue()
    })
    this.work = this.next
    return this.next
  }

  /**
   * Saves the snapshots the store has not taken yet (it may have been down): each one when other
   * processes follow the store, else a chain's at most every `saveIntervalSeconds` (and all of
   * them with `all`). A chain's snapshot is a whole registry's state (1.9 MB of text with 1,000
   * vaults and 1,000 pools): saved at every 0.45 s block, that was 4 MB/s into PostgreSQL for a copy
   * only a restart reads, while Redis carries each snapshot to the replicas.
   */
  private async saveUnsaved(all = false): Promise<void> {
    const store = this.deps.store
    if (!store) return this.unsaved.clear()
    const now = Date.now()
    const due = (chainId: number) =>
      all || this.deps.storeIsFollowed || now - (this.savedAt.get(chainId) ?? Number.NEGATIVE_INFINITY) >= this.deps.config.saveIntervalSeconds * 1000
    for (const [chainId, snapshot] of this.unsaved) {
      if (!due(chainId)) continue
      try {
        await store.saveSnapshot(snapshot)
        // A newer snapshot taken while this one was being saved is still to be saved.
        if (this.unsaved.get(chainId) === snapshot) this.unsaved.delete(chainId)
        this.savedAt.set(chainId, now)
        this.outages.recovered('store')
      } catch (error) {
        this.outages.failed('store', error)
        // Saved as soon as the store is back, not a whole interval after the last save.
        this.savedAt.delete(chainId)
        return
      }
    }
  }

  private async recordHistory(snapshot: ChainSnapshot): Promise<void> {
    const store = this.deps.store
    if (!store || snapshot.takenAt - (this.historyAt.get(snapshot.chainId) ?? 0) < this.deps.config.historyIntervalMs) return
    try {
      const priced = snapshotPrices(this.deps.registry.chains.get(snapshot.chainId)!, snapshot, { figurePolicy: this.deps.figurePolicy })
      await store.appendHistory(historyEntryOf(priced))
      this.historyAt.set(snapshot.chainId, snapshot.takenAt)
      // One point an hour of chain time keeps its values: what an hourly series of a user's worth needs, not a row a minute.
      const hour = Math.floor(snapshot.state.timestamp / 3_600)
      if (this.valuesHour.get(snapshot.chainId) !== hour) {
        await keepPointValues(this.deps.chains.get(snapshot.chainId)!, this.deps.blockPrices, priced)
        this.valuesHour.set(snapshot.chainId, hour)
      }
    } catch (error) {
      this.outages.failed('store', error)
    }
  }

  private async pruneIfDue(): Promise<void> {
    const now = Date.now()
    if (!this.deps.store || now - this.prunedAt < PRUNE_EVERY_MS) return
    this.prunedAt = now
    await this.deps.store.prune(now - this.deps.config.historyRetentionDays * DAY_MS).catch((error: unknown) => this.outages.failed('store', error))
  }
}
