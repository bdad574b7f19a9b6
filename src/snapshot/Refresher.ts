import { measureBlockTime, type BlockSample } from '../block-time/index.js'
import { hasBlock, requestScope } from '../chain/index.js'
import type { ChainSnapshot, SnapshotIndex } from '../chain-snapshot/index.js'
import { ApyBaseKeeper } from './ApyBaseKeeper.js'
import { ChangeFollower } from './ChangeFollower.js'
import { CompletedAprKeeper } from './CompletedAprKeeper.js'
import { HarvestCostKeeper } from './HarvestCostKeeper.js'
import { HistoryBackfill } from './HistoryBackfill.js'
import { JumpWatch } from './JumpWatch.js'
import { Outages } from './Outages.js'
import type { RefresherDeps } from './RefresherDeps.js'
import { SnapshotSaver } from './SnapshotSaver.js'
import { takeSnapshot } from './takeSnapshot.js'
import { exposedCollector, YoungCollector } from './YoungCollector.js'

/** Budget of the header reads that measure a chain's block time when no recent samples exist, ms. */
const BACKFILL_BUDGET_MS = 10_000
/** Longest a snapshot waits for the index to reach its block, ms: the indexer reads its logs while the state is read. */
const INDEX_WAIT_MS = 2_000

/**
 * Keeps every chain's snapshot current. Each `refreshIntervalMs` and for each chain whose lock it
 * holds, it asks the node for its head: a new block makes a new snapshot (one flight per chain at
 * a time), published to the cache, then saved to the store off its path (SnapshotSaver); an
 * unchanged head only confirms the snapshot (its age restarts; a few bytes, not the snapshot
 * again). Each snapshot feeds the chain's measured block time and carries it. History (TVL per
 * chain, APR per staking pool) is recorded by the saver. completedAPR needs no
 * old state (see CompletedAprKeeper). A failing node or store is logged once per outage and
 * retried on the next tick; the last snapshot keeps being served meanwhile.
 */
export class Refresher {
  private readonly timers = new Map<number, NodeJS.Timeout>()
  private readonly flights = new Map<number, Promise<ChainSnapshot | undefined>>()
  /** Per chain, how many APY base lookups had finished when its latest snapshot was taken. */
  private readonly basesTaken = new Map<number, number>()
  private readonly outages: Outages
  private readonly saver: SnapshotSaver
  private stopped = false
  private readonly completed: CompletedAprKeeper
  private readonly apyBases: ApyBaseKeeper
  private readonly harvestCosts: HarvestCostKeeper
  private readonly historyBackfill: HistoryBackfill | undefined
  private readonly jumps: JumpWatch | undefined
  private readonly follower: ChangeFollower
  /** The chains this refresher has taken a snapshot of. */
  private readonly taken = new Set<number>()
  private readonly young = new YoungCollector(exposedCollector())

  constructor(private readonly deps: RefresherDeps) {
    this.outages = new Outages(deps.log)
    this.saver = new SnapshotSaver(deps, this.outages)
    this.follower = new ChangeFollower({ fullReadSeconds: deps.config.fullReadSeconds, log: deps.log, ...(deps.metrics && { metrics: deps.metrics }) })
    this.completed = new CompletedAprKeeper({
      registry: deps.registry,
      facts: deps.facts,
      store: deps.store,
      onStoreError: (error) => this.outages.failed('store', error),
    })
    this.apyBases = new ApyBaseKeeper({
      registry: deps.registry,
      store: deps.store,
      index: deps.index?.store,
      latest: (chainId) => deps.cache.latest(chainId),
      onStoreError: (error) => this.outages.failed('store', error),
      metrics: deps.metrics,
    })
    this.harvestCosts = new HarvestCostKeeper({ registry: deps.registry, outages: this.outages, budgetMs: deps.config.lockTtlMs })
    this.jumps = deps.figuresOf && new JumpWatch({ registry: deps.registry, figurePolicy: deps.figurePolicy, figuresOf: deps.figuresOf })
    this.historyBackfill =
      deps.store &&
      new HistoryBackfill({
        registry: deps.registry,
        facts: deps.facts,
        store: deps.store,
        history: deps.config,
        log: deps.log,
        figurePolicy: deps.figurePolicy,
        ...(deps.blockPrices && { blockPrices: deps.blockPrices }),
      })
  }

  start(): void {
    for (const chainId of this.deps.chains.keys()) this.schedule(chainId, 0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    for (const timer of this.timers.values()) clearTimeout(timer)
    await Promise.allSettled([...this.flights.values()])
    await Promise.all([this.apyBases.settled(), this.harvestCosts.settled(), this.historyBackfill?.stop()])
    await this.saver.stop()
    await Promise.all([...this.deps.chains.keys()].map((chainId) => this.deps.lock.release(chainId)))
  }

  /**
   * Resolves once the APY bases snapshots asked for are found and the harvest costs due are read
   * (the next snapshot carries them), the history backfills begun are done, and the snapshots
   * taken are saved and in the history.
   */
  async settled(): Promise<void> {
    await Promise.all([this.apyBases.settled(), this.harvestCosts.settled(), this.historyBackfill?.settled(), this.saver.settled()])
  }

  /** Takes a new snapshot of `chainId` now, at `head` when known (joining one in flight; `rewound`: replacing a higher block the chain no longer has); undefined when the node fails. */
  refresh(chainId: number, head?: bigint, rewound = false): Promise<ChainSnapshot | undefined> {
    const inFlight = this.flights.get(chainId)
    if (inFlight) return inFlight
    const flight = this.takeAndPublish(chainId, head, rewound).finally(() => this.flights.delete(chainId))
    this.flights.set(chainId, flight)
    return flight
  }

  private schedule(chainId: number, delayMs: number): void {
    if (this.stopped) return
    const timer = setTimeout(() => {
      void this.tick(chainId).finally(() => this.schedule(chainId, this.deps.config.refreshIntervalMs))
    }, delayMs)
    timer.unref()
    this.timers.set(chainId, timer)
  }

  private async tick(chainId: number): Promise<void> {
    if (!(await this.deps.lock.acquire(chainId))) return
    const chain = this.deps.chains.get(chainId)!
    let head: bigint
    try {
      head = await chain.client.getBlockNumber({ cacheTime: 0 })
      this.outages.recovered(`chain ${chainId}`)
    } catch (error) {
      this.outages.failed(`chain ${chainId}`, error)
      return
    }
    this.apyBases.lookUpDue(chainId)
    const latest = this.deps.cache.latest(chainId)
    // No new block, but APY bases found since, or an index that now counts what the snapshot lacked (it
    // was being built): taken again at the same block, so they are served now, not after the next block.
    const found = this.apyBases.revision(chainId) !== this.basesTaken.get(chainId) || (latest !== undefined && this.deps.index?.tellsMoreOf(latest) === true)
    // A head below the snapshot's block: a node behind the others, or a chain gone back to a shorter one, whose blocks no answer names.
    const shorter = latest !== undefined && latest.state.blockNumber > head && !(await hasBlock(chain, latest.state.blockNumber))
    if (latest && !shorter && (latest.state.blockNumber > head || (latest.state.blockNumber === head && !found))) {
      await this.deps.cache.confirm(chainId, latest.state.blockNumber, Date.now())
      this.count(chainId, 'confirmed')
    } else {
      await this.refresh(chainId, head, shorter)
    }
    void this.saver.due()
  }

  private async takeAndPublish(chainId: number, head: bigint | undefined, rewound: boolean): Promise<ChainSnapshot | undefined> {
    const { chains, registry, facts, cache } = this.deps
    // The lock's budget for the snapshot's node calls (slower loses the lock); reads started together go as one batch.
    const chain = chains.get(chainId)!.within(requestScope(this.deps.config.lockTtlMs))
    const chainRegistry = registry.chains.get(chainId)!
    let snapshot: ChainSnapshot
    const revision = this.apyBases.revision(chainId)
    try {
      const previous = cache.latest(chainId)
      snapshot = await takeSnapshot(
        chain,
        chainRegistry,
        facts,
        {
          blockTime: (block) => measureBlockTime(chain, block, { backfillBudgetMs: BACKFILL_BUDGET_MS }),
          completedAprs: (priced) => this.completed.of(chain, priced, previous),
          poolsRead: (pools) => this.completed.startReads(chain, pools, previous),
          harvestCosts: () => this.harvestCosts.of(chain, previous),
          apyBases: (block) => this.apyBases.of(chain, block, previous),
          ...(this.deps.index && { index: (block: BlockSample) => this.indexAt(chainId, block) }),
          ...(this.deps.figurePolicy && { figurePolicy: this.deps.figurePolicy }),
          readState: (options) => this.follower.read(chain, chainRegistry, facts, { ...options, rewound }),
        },
        head,
      )
      snapshot = this.jumps?.watch(rewound ? { ...snapshot, rewound: true } : snapshot) ?? snapshot
      this.outages.recovered(`chain ${chainId}`)
    } catch (error) {
      this.outages.failed(`chain ${chainId}`, error)
      this.count(chainId, 'failed')
      return undefined
    }
    await cache.publish(snapshot)
    this.deps.onTaken?.(snapshot)
    this.basesTaken.set(chainId, revision)
    this.apyBases.lookUpWanted()
    this.count(chainId, 'taken')
    // Served from here on: its save and history point follow, off its path, and its harvest costs' next read when due.
    void this.saver.taken(snapshot)
    this.harvestCosts.refreshDue(chains.get(chainId)!, snapshot)
    this.startHistoryBackfills(chainId)
    // Once whoever waits for the snapshot has it: a scavenge due soon runs now, between blocks.
    setImmediate(() => this.young.afterBlock())
    return snapshot
  }

  /**
   * Starts the history backfill of the chains this refresher takes snapshots of (`chainId` just
   * took one), once every chain has its first snapshot: their reads never delay a chain's first
   * snapshot, which readiness waits for.
   */
  private startHistoryBackfills(chainId: number): void {
    if (!this.historyBackfill) return
    this.taken.add(chainId)
    const { chains, cache } = this.deps
    if ([...chains.keys()].some((each) => cache.latest(each) === undefined)) return
    for (const taken of this.taken) this.historyBackfill.start(chains.get(taken)!, cache.latest(taken)!)
  }

  /** What the event index says at `block`; undefined (the answers then say stakers are not counted) when the store fails. Never throws. */
  private async indexAt(chainId: number, block: BlockSample): Promise<SnapshotIndex | undefined> {
    try {
      const index = await this.deps.index!.atBlock(chainId, block, INDEX_WAIT_MS)
      this.outages.recovered(`index of chain ${chainId}`)
      return index
    } catch (error) {
      this.outages.failed(`index of chain ${chainId}`, error)
      return undefined
    }
  }

  private count(chainId: number, outcome: 'taken' | 'confirmed' | 'failed'): void {
    this.deps.metrics?.refreshes.inc({ chain: String(chainId), outcome })
  }
}
