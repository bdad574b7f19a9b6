import type { Logger } from 'pino'
import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { ChainClient } from '../chain/index.js'
import { finalityDepthOf } from '../config/index.js'
import type { SnapshotIndex } from '../chain-state/index.js'
import type { Registry } from '../registry/index.js'
import type { IndexStore } from '../store/index.js'
import { ChainIndexer } from './ChainIndexer.js'
import type { IndexProgress } from './progress.js'
import { compoundingsAt } from './compoundings.js'
import { followedContracts } from './followedContracts.js'

export interface EventIndexDeps {
  chains: Map<number, ChainClient>
  registry: Registry
  store: IndexStore
  /** Names this process in each chain's lease. */
  owner: string
  leaseTtlMs: number
  pollIntervalMs: number
  maxRangeBlocks: number
  log: Logger
  onReorg?: (chainId: number) => void
}

/**
 * A snapshot waits for the index to reach its block only when the index is this close to it
 * (following the head) and its passes succeed: a backfill far behind, or an index whose node
 * fails, answers at once, with notes, rather than slow every snapshot down.
 */
const WAIT_WITHIN_BLOCKS = 16n

/** The event index of every configured chain: one ChainIndexer each, and what a snapshot takes from them. */
export class EventIndex {
  private readonly indexers = new Map<number, ChainIndexer>()
  /** Per chain, when each followed contract's indexed history began (seconds; see compoundingsAt). */
  private readonly firstTimes = new Map<number, Map<Address, number>>()

  /** Where the index keeps what it read: the snapshot's other readers of the past look there too. */
  get store(): IndexStore {
    return this.deps.store
  }

  constructor(private readonly deps: EventIndexDeps) {
    for (const [chainId, chain] of deps.chains) {
      const registry = deps.registry.chains.get(chainId)
      if (!registry) continue
      this.indexers.set(
        chainId,
        new ChainIndexer({
          chain,
          contracts: followedContracts(registry),
          store: deps.store,
          owner: deps.owner,
          leaseTtlMs: deps.leaseTtlMs,
          pollIntervalMs: deps.pollIntervalMs,
          maxRangeBlocks: BigInt(deps.maxRangeBlocks),
          finalityDepth: BigInt(finalityDepthOf(chain.config)),
          log: deps.log,
          ...(deps.onReorg && { onReorg: () => deps.onReorg!(chainId) }),
        }),
      )
    }
  }

  start(): void {
    for (const indexer of this.indexers.values()) indexer.start()
  }

  async stop(): Promise<void> {
    await Promise.all([...this.indexers.values()].map((indexer) => indexer.stop()))
  }

  /** ChainIndexer.reach on `chainId`'s indexer; false for a chain without one. */
  reach(chainId: number, block: bigint, timeoutMs: number): Promise<boolean> {
    return this.indexers.get(chainId)?.reach(block, timeoutMs) ?? Promise.resolve(false)
  }

  progress(chainId: number): IndexProgress | undefined {
    return this.indexers.get(chainId)?.progress
  }

  /**
   * What a snapshot of `chainId` at `block` carries of the index: its progress and the stakers of
   * every reward pool at that block, for the pools whose events are indexed through it (waiting
   * up to `waitMs` for the index to get there when it follows the head), with a note for the
   * others, and how often each strategy compounded over the 30 days before it (see compoundingsAt).
   * Undefined for a chain without followed contracts.
   */
  async atBlock(chainId: number, sample: BlockSample, waitMs: number): Promise<SnapshotIndex | undefined> {
    const block = sample.blockNumber
    const indexer = this.indexers.get(chainId)
    const registry = this.deps.registry.chains.get(chainId)
    if (!indexer || !registry) return undefined
    const before = indexer.progress.indexedBlock
    if (indexer.healthy && before !== undefined && before + WAIT_WITHIN_BLOCKS >= block) await indexer.reach(block, waitMs)
    const progress = indexer.progress
    const participants: Record<Address, Record<string, number>> = {}
    const participantsNotes: Record<Address, string> = {}
    const firstTimes = this.firstTimes.get(chainId) ?? new Map<Address, number>()
    this.firstTimes.set(chainId, firstTimes)
    // Beside the stakers' counts: their queries travel together.
    const compounding = compoundingsAt(this.deps.store, chainId, registry, progress, sample, firstTimes)
    // Met below; not left unhandled when the stakers' counts fail first.
    compounding.catch(() => undefined)
    await Promise.all(
      // A reference pool counts its stakers itself (poolInfo): only the other families are counted here.
      [...registry.rewardPools.values()]
        .filter((entry) => (entry.kind ?? 'reference') !== 'reference')
        .map(async ({ address: pool }) => {
          const through = progress.contracts.get(pool)
          if (through === undefined || through < block) {
            participantsNotes[pool] = notCountedNote(through, block, progress)
            return
          }
          const counts = await this.deps.store.participants(chainId, pool, block)
          participants[pool] = Object.fromEntries([...counts].map(([pid, count]) => [String(pid), count]))
        }),
    )
    const compoundings = await compounding
    return { indexedBlock: progress.indexedBlock, head: progress.head, backfill: progress.backfill, participants, participantsNotes, compoundings }
  }
}

function notCountedNote(through: bigint | undefined, block: bigint, progress: IndexProgress): string {
  const where =
    through === undefined
      ? 'the event index has not started on this pool yet'
      : `the event index holds this pool's events through block ${through} (backfill ${(progress.backfill * 100).toFixed(1)} %)`
  return `stakers are not counted yet: ${where}, not through this answer's block ${block}; participants is "0" until it does`
}
