import type { Logger } from 'pino'
import { blockAtTime, firstBlockOf, type BlockSample } from '../block-time/index.js'
import { errorLine, requestScope, type ChainClient, type FactCache } from '../chain/index.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { readChainState } from '../chain-state/index.js'
import { chainPrices, type FigurePolicy } from '../pricing/index.js'
import type { Registry } from '../registry/index.js'
import type { BlockPriceStore, SnapshotStore } from '../store/index.js'
import { historyEntryOf, keepPointValues } from './historyEntry.js'

const DAY = 86_400
const HOUR = 3_600
/** A day already has its point when one was recorded within this many hours of its time. */
const NEAR_HOURS = 11
/** How close to a day's time its block should lie, seconds; else the last block before it within NEAR_HOURS. */
const TOLERANCE = HOUR
/** How close to the middle of one of the last day's hours its block should lie, seconds: inside that hour. */
const HOUR_TOLERANCE = 20 * 60
/** Budget of one past block's state read, ms (a chain's whole state in one Multicall3 pass). */
const READ_BUDGET_MS = 30_000

/**
 * Gives a new deployment the history the refresher would have recorded had it been running: for
 * each of the last `days` days (chain time) with no TVL point within NEAR_HOURS, the chain's state
 * at that day's block is read from the node (archive nodes keep it) and recorded as the refresher
 * records a snapshot (TVL, APRs, vaults' prices per share; see historyEntryOf), and so for each
 * of the last day's hours with no point of its own, so a day's chart runs through the day rather
 * than from one point a day back to the service's own recent minutes. So the charts and
 * the APR history show a month on the first start, and a gap left by a stopped service is filled
 * on the next. Once per chain and process, in the background after the chain's first snapshot,
 * newest day first, one read at a time; it stops at the chain's first block, and at the first
 * block whose state the nodes no longer have (a pruned node), with one line that says so.
 */
export class HistoryBackfill {
  private readonly runs = new Map<number, Promise<void>>()
  private stopped = false

  constructor(
    private readonly deps: {
      registry: Registry
      facts: FactCache
      store: SnapshotStore
      /**
       * How many days back (0 turns the backfill off), and the history's retention: no day older
       * than it (by the wall clock) is read, since the prune would take it at once.
       */
      history: { historyBackfillDays: number; historyRetentionDays: number }
      log: Logger
      figurePolicy: FigurePolicy | undefined
      /** Where each point's prices and vault totals are kept under its block. */
      blockPrices?: BlockPriceStore
    },
  ) {}

  /** Starts the chain's backfill from the block of `snapshot`, unless it was started before. */
  start(chain: ChainClient, snapshot: ChainSnapshot): void {
    if (this.stopped || this.deps.history.historyBackfillDays <= 0 || this.runs.has(chain.chainId)) return
    this.runs.set(
      chain.chainId,
      this.fill(chain, snapshot).catch((error: unknown) => this.deps.log.warn({ err: error }, `history backfill of chain ${chain.chainId} failed`)),
    )
  }

  /** Resolves once every backfill started so far is done. */
  async settled(): Promise<void> {
    await Promise.all(this.runs.values())
  }

  /** Stops the backfills after the read under way and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true
    await this.settled()
  }

  private async fill(chain: ChainClient, snapshot: ChainSnapshot): Promise<void> {
    const { chainId } = chain
    const head: BlockSample = { blockNumber: snapshot.state.blockNumber, timestamp: snapshot.state.timestamp }
    const { store, log, facts } = this.deps
    const days = this.deps.history.historyBackfillDays
    const registry = this.deps.registry.chains.get(chainId)!
    const recorded = await store.historyHours(chainId, (head.timestamp - (days + 1) * DAY) * 1000)
    const near = (time: number) => {
      const hour = Math.floor(time / HOUR)
      for (let step = -NEAR_HOURS; step <= NEAR_HOURS; step++) if (recorded.has(hour + step)) return true
      return false
    }
    // A day whose point could lie past the retention is left out: the prune would take it at once, and the next start would read it again.
    const keptFrom = Date.now() / 1000 - this.deps.history.historyRetentionDays * DAY + NEAR_HOURS * HOUR
    const daily = Array.from({ length: days }, (_, day) => head.timestamp - (day + 1) * DAY).filter((time) => time > keptFrom && !near(time))
    // The middle of each hour of the last day before the head's: the hour, not a time near it, is what a point stands for.
    const hours = Array.from({ length: 23 }, (_, back) => (Math.floor(head.timestamp / HOUR) - back - 1) * HOUR + HOUR / 2).filter(
      (time) => !recorded.has(Math.floor(time / HOUR)),
    )
    const wanted = [
      ...hours.map((time) => ({ time, tolerance: HOUR_TOLERANCE, within: HOUR / 2 })),
      ...daily.map((time) => ({ time, tolerance: TOLERANCE, within: NEAR_HOURS * HOUR })),
    ]
    if (wanted.length === 0) return
    const started = performance.now()
    const first = await firstBlockOf(chain)
    let filled = 0
    for (const { time, tolerance, within } of wanted) {
      if (this.stopped) break
      const block = await blockAtTime(chain, head, time, tolerance, first)
      if (block === 'before-genesis') break
      if (Math.abs(block.timestamp - time) > within || recorded.has(Math.floor(block.timestamp / HOUR))) continue
      let state: Awaited<ReturnType<typeof readChainState>>
      try {
        state = await readChainState(chain.within(requestScope(READ_BUDGET_MS)), registry, facts, { head: block.blockNumber })
      } catch (error) {
        log.warn(
          `history backfill of chain ${chainId} stopped at block ${block.blockNumber} (${new Date(block.timestamp * 1000).toISOString()}): ` +
            `the nodes did not give its state (${errorLine(error, 200)}); an archive node keeps it`,
        )
        break
      }
      // Priced at its own block, with the block time the latest snapshot measured.
      const priced = chainPrices(registry, state, { takenAt: state.timestamp * 1000, blockTime: snapshot.blockTime, figurePolicy: this.deps.figurePolicy })
      await store.appendHistory(historyEntryOf(priced))
      await keepPointValues(chain, this.deps.blockPrices, priced)
      recorded.add(Math.floor(block.timestamp / HOUR))
      filled++
    }
    if (filled > 0)
      log.info(
        `history backfill of chain ${chainId}: ${filled} points (a day's, or an hour's of the last day) of the last ${days} days read from the node in ${Math.round(performance.now() - started)} ms`,
      )
  }
}
