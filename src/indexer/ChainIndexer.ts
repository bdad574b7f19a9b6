import type { Address } from 'viem'
import { requestScope, type ChainClient } from '../chain/index.js'
import type { IndexedBlock, IndexedContract } from '../store/index.js'
import { BlockWaiters } from './BlockWaiters.js'
import { blocksOfLogs, indexedBlockOf, type LogBlocks } from './blocksOfLogs.js'
import { isFinal, type ChainIndexerOptions } from './ChainIndexerOptions.js'
import { ContractLogs } from './ContractLogs.js'
import type { FollowedContract } from './followedContracts.js'
import { buildLookups, registerFollowed, rewindReorg } from './followStart.js'
import { LogRanges } from './LogRange.js'
import { lowestNext, ProgressLine, progressOf, type IndexProgress } from './progress.js'
import { PassLoop } from './PassLoop.js'
import { RangeReads } from './RangeReads.js'
import { readBlock, readHead } from './readLogs.js'

/**
 * Ranges read ahead in a backfill, beside the range a pass stores while the next pass reads and
 * decodes: two keep the most logs a second flowing behind a rate-limited provider; more crowd the
 * cores the decoding and the store need and hold more memory (`npm run bench`'s indexing rows,
 * BENCHMARKS.md).
 */
const READ_AHEAD_RANGES = 2

/**
 * Follows the events of a chain's registered contracts into the store: an event backfill from each
 * contract's first block (the registry's `fromBlock`, else found from the node), resumable from
 * what is stored, then the head as it moves. `eth_getLogs` asks for many addresses at once over
 * ranges that adapt to what the nodes allow (LogRange). Blocks are followed by hash: each pass
 * first checks that the last block it stored is still the node's, and when it is not, finds the
 * newest stored block that is, removes everything indexed above it and reads again from there.
 * Events near the head are stored only when their block's hash is the one the node has at the
 * end of the pass. One process indexes a chain at a time (a lease in the store); the others
 * stand by and follow the stored progress.
 */
export class ChainIndexer {
  private readonly ranges: LogRanges
  private readonly byAddress: Map<Address, FollowedContract>
  private prepared = false
  private readonly loop: PassLoop
  private readonly waiters = new BlockWaiters()
  private passesBegun = 0
  private current: IndexProgress
  private readonly reads: RangeReads
  private readonly progressLine: ProgressLine
  /** When the lease must be renewed next (performance.now(), ms): a third of its time to live after the last renewal. */
  private renewLeaseAt = 0
  /** The head last read, and when (performance.now(), ms). */
  private seen: { head: bigint; at: number } | undefined
  /** What this process's last pass stored, while it holds the lease: the contracts' progress and the last block read. */
  private written: { contracts: IndexedContract[]; tip?: IndexedBlock } | undefined
  /** The chain's lookups are built, as last read from the store or built here (only the lease holder builds them). */
  private built: boolean | undefined
  /** The last pass's commit while it lands, deep in a backfill: the next pass reads and decodes meanwhile, and stores after it. */
  private storing: Promise<void> | undefined

  constructor(private readonly options: ChainIndexerOptions) {
    this.ranges = new LogRanges(options.maxRangeBlocks)
    this.byAddress = new Map(options.contracts.map((contract) => [contract.address, contract]))
    this.reads = new RangeReads(new ContractLogs(options.contracts), READ_AHEAD_RANGES)
    this.progressLine = new ProgressLine(options.chain.chainId, options.log)
    this.loop = new PassLoop(
      () => this.pass(),
      options.pollIntervalMs,
      (error, failures) => {
        // Read again from the store what the next pass builds on (a commit left under way failed, or this pass's did).
        this.storing = undefined
        this.written = undefined
        this.renewLeaseAt = 0
        if (failures === 1) options.log.warn({ err: error }, `index of chain ${this.chainId}: a pass failed; retrying`)
      },
    )
    this.current = { chainId: options.chain.chainId, indexedBlock: undefined, head: undefined, backfill: 0, contracts: new Map(), indexesBuilt: false }
  }

  get chainId(): number {
    return this.options.chain.chainId
  }

  /** The progress as last seen (no store or node call). */
  get progress(): IndexProgress {
    return this.current
  }

  /** False while its passes fail (the node refuses or is down): nobody should wait for it then. */
  get healthy(): boolean {
    return this.loop.healthy
  }

  start(): void {
    if (this.options.contracts.length > 0) this.loop.start()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
    // No read or commit of this indexer outlives its stop.
    await this.storing?.catch(() => undefined)
    await this.reads.drop()
    this.waiters.clear()
    await this.options.store.releaseLease(this.chainId, this.options.owner).catch(() => undefined)
  }

  /**
   * Resolves true once a pass begun after this call has every followed contract indexed through
   * `block`, false after `timeoutMs` (or when stopped). That pass checked the stored blocks
   * against the node first, so a block number indexed on a branch a reorg has since replaced does
   * not count. Wakes a caught-up indexer at once, so a refresher that saw a new block does not
   * wait for the next poll.
   */
  reach(block: bigint, timeoutMs: number): Promise<boolean> {
    if (!this.loop.isRunning) return Promise.resolve(false)
    const reached = this.waiters.wait(block, this.passesBegun, timeoutMs)
    this.loop.wake()
    return reached
  }

  /** One pass: checks the stored tip, then reads the next range when this process holds the lease. True when more blocks wait to be read. */
  private async pass(): Promise<boolean> {
    const { store, owner, leaseTtlMs } = this.options
    const begun = ++this.passesBegun
    const now = performance.now()
    if (now >= this.renewLeaseAt) {
      if (!(await store.acquireLease(this.chainId, owner, leaseTtlMs))) {
        // Another process indexes this chain: follow what it stores.
        this.written = undefined
        await this.loadProgress(undefined, begun)
        return false
      }
      this.renewLeaseAt = now + leaseTtlMs / 3
    }
    const chain = this.options.chain.within(requestScope(leaseTtlMs))
    const checked = await this.checkTip(chain)
    if (!checked) return true
    const { head } = checked
    const contracts = this.prepared ? checked.contracts : await this.prepare(chain, head)
    const next = lowestNext(contracts) ?? head + 1n
    if (next > head) {
      await this.buildIndexes()
      this.publish(contracts, head, begun)
      return false
    }
    return this.step(chain, contracts, { from: next, head }, begun)
  }

  /**
   * The reorg check: the head and the followed contracts when the last stored block is still the
   * node's; undefined once a reorg is rewound (the next pass reads again from the common ancestor).
   * Deep in a backfill, where the last block this process stored lies past the finality depth below
   * a head read within the poll interval, neither the store nor the node is asked: the passes of an
   * event backfill cost the range's read and its commit alone.
   */
  private async checkTip(chain: ChainClient): Promise<{ head: bigint; contracts: IndexedContract[] } | undefined> {
    const { store, pollIntervalMs } = this.options
    const { written, seen } = this
    if (written?.tip && seen && isFinal(written.tip.number, seen.head, this.options.finalityDepth) && performance.now() - seen.at < pollIntervalMs)
      return { head: seen.head, contracts: written.contracts }
    // Near the head, or after a pause: what the last pass stored has landed before the store or the node is asked.
    await this.landed()
    const contracts = written?.contracts ?? (await this.followed())
    const resumeAt = lowestNext(contracts)
    const [tip] = written?.tip ? [written.tip] : resumeAt === undefined ? [] : await store.blocksBelow(this.chainId, resumeAt, 1)
    // One round trip: the head, and the last stored block as the node has it now.
    const at = performance.now()
    const [head, tipNow] = await Promise.all([readHead(chain), tip && readBlock(chain, tip.number)])
    this.seen = { head, at }
    if (tip && tipNow?.hash !== tip.hash) {
      this.written = undefined
      await rewindReorg(this.options, chain, tip.number, head)
      return undefined
    }
    return { head, contracts }
  }

  /**
   * The range step: reads the logs of the next range from `from` (as long as the URL asked first
   * allows) and stores them with their blocks and the range's checkpoint. True when more blocks
   * wait to be read, or the range must be asked again (refused, or the head moved back meanwhile).
   */
  private async step(
    chain: ChainClient,
    contracts: readonly IndexedContract[],
    { from, head }: { from: bigint; head: bigint },
    begun: number,
  ): Promise<boolean> {
    const { store, owner } = this.options
    // The range learnt of the URL the request goes to first; a refusal teaches the URL that sent it.
    const url = chain.rpc.firstUrl()
    const range = this.ranges.of(url)
    // A range read ahead is taken as it was asked; otherwise the span the URL allows now.
    const to = this.reads.queuedTo(from) ?? (from + range.blocks - 1n < head ? from + range.blocks - 1n : head)
    const addresses = contracts.filter((contract) => contract.nextBlock <= to).map((contract) => contract.address)

    // One round trip: the logs and the range's last block (read ahead by the pass before, in an event
    // backfill). A range past the finality depth is final: its last block is not asked for.
    const final = isFinal(to, head, this.options.finalityDepth)
    const { end, logs: reading, rows: decoding } = this.reads.take(chain, from, to, addresses, final)
    let logged: LogBlocks
    try {
      logged = await reading
    } catch (error) {
      await end?.catch(() => undefined)
      void this.reads.drop()
      const blocks = to - from + 1n
      // A range of one block that fails is the node failing, not a range too large: back off.
      if (blocks === 1n) throw error
      const refusal = this.ranges.refused(error, url, blocks)
      this.options.log.debug(
        `index of chain ${this.chainId}: eth_getLogs of ${blocks} blocks refused by ${refusal.url} (${refusal.message}); asking it for ${refusal.blocks}`,
      )
      return true
    }
    const endBlock = end && (await end)
    // The head moved back (a reorg to a shorter chain) between the two reads: read it again.
    if (end && !endBlock) return true
    range.answered(to - from + 1n, logged.count)
    // In an event backfill, the ranges the next passes will ask for (the span LogRange gives now) are read meanwhile; not at the head.
    if (!this.loop.isStopped)
      this.reads.readAhead(chain, contracts, { after: to, span: range.blocks, head, final: (end) => isFinal(end, head, this.options.finalityDepth) })

    const blocks = await blocksOfLogs(chain, logged.blocks, endBlock, head)
    if (!blocks) return true
    const rows = await decoding
    // Passes store in order: this one's commit goes once the last pass's has landed, and not if it failed.
    const stored = store.commit(
      this.chainId,
      owner,
      {
        addresses,
        through: to,
        blocks: [...blocks.values()],
        ...(endBlock && { checkpoint: indexedBlockOf(endBlock) }),
        rows,
        head,
        finalityDepth: this.options.finalityDepth,
      },
      this.landed(),
    )
    const read = new Set(addresses)
    const moved = contracts.map((contract) => (read.has(contract.address) && contract.nextBlock <= to ? { ...contract, nextBlock: to + 1n } : contract))
    // The last block stored: the range's end when it was read, else its newest block of events, else the one before.
    const newest = [...blocks.values()].reduce<IndexedBlock | undefined>((last, block) => (!last || block.number > last.number ? block : last), undefined)
    const tip = endBlock ? indexedBlockOf(endBlock) : (newest ?? this.written?.tip)
    // The next pass builds on this one as if it had landed; if it fails, that pass fails with it and the loop reads the store again.
    this.written = { contracts: moved, ...(tip && { tip }) }
    if (final && to < head) {
      // Deep in a backfill: the next pass reads and decodes its range while this one's rows go in.
      const landed = stored.then(() => this.publish(moved, head, begun))
      landed.catch(() => undefined)
      this.storing = landed
      return true
    }
    await stored
    if (to >= head) await this.buildIndexes()
    this.publish(moved, head, begun)
    return to < head
  }

  /** Waits for the last pass's commit, if one is under way: throws when it failed. */
  private async landed(): Promise<void> {
    const storing = this.storing
    this.storing = undefined
    await storing
  }

  /** Registers the followed contracts with the store; gives their progress. */
  private async prepare(chain: ChainClient, head: bigint): Promise<IndexedContract[]> {
    await registerFollowed(this.options, chain, head)
    this.prepared = true
    this.built = await this.options.store.indexesBuilt(this.chainId)
    return this.followed()
  }

  /** The stored progress of the contracts this indexer follows (a contract the registry no longer lists is left as it is). */
  private async followed(): Promise<IndexedContract[]> {
    return (await this.options.store.contracts(this.chainId)).filter((contract) => this.byAddress.has(contract.address))
  }

  /** The event backfill is done: the chain's lookups are built (once), before any answer reads its events or a waiter is released. */
  private async buildIndexes(): Promise<void> {
    this.built ??= await this.options.store.indexesBuilt(this.chainId)
    if (!this.built) await buildLookups(this.options, this.chainId)
    this.built = true
  }

  /** Reads the stored progress into `progress`, wakes the callers it satisfies, and says so (metrics, the event backfill's progress line). */
  private async loadProgress(head: bigint | undefined, pass: number): Promise<void> {
    const contracts = await this.followed()
    const storedHead = head ?? (await this.options.store.head(this.chainId))?.head
    this.built = await this.options.store.indexesBuilt(this.chainId)
    this.publish(contracts, storedHead, pass)
  }

  private publish(contracts: readonly IndexedContract[], head: bigint | undefined, pass: number): void {
    const previous = this.current
    this.current = progressOf(this.chainId, contracts, head, this.built === true)
    if (this.current.indexedBlock !== undefined) this.waiters.release(this.current.indexedBlock, pass)
    this.options.onProgress?.(this.current)
    this.progressLine.after(previous, this.current)
  }
}
