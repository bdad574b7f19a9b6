import type { Logger } from 'pino'
import { type Address, getAddress, type Hex, pad } from 'viem'
import { requestScope, type ChainClient } from '../chain/index.js'
import { eventDecoders, transferEvents, type ContractAction } from '../protocols/index.js'
import type { IndexedBlock, IndexedContract, IndexedEvent, IndexStore } from '../store/index.js'
import { firstBlockOf } from './firstBlockOf.js'
import type { FollowedContract } from './followedContracts.js'
import { LogRange, suggestedSpan } from './LogRange.js'
import { readBlock, readHead, readLogs, type LogFilter, type NodeBlock, type NodeLog } from './readLogs.js'

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
  log: Logger
  /** Called after every pass that moved the index (metrics). */
  onProgress?: (progress: IndexProgress) => void
  /** Called when a reorg removed indexed blocks. */
  onReorg?: (depth: bigint) => void
}

/** How far a chain's index is. */
export interface IndexProgress {
  chainId: number
  /** Every followed contract's events are stored through this block; undefined before the first pass. */
  indexedBlock: bigint | undefined
  /** The head last seen. */
  head: bigint | undefined
  /** Share of the blocks from the earliest followed contract's first block to the head that are indexed, 0 to 1. */
  backfill: number
  /** Each followed contract's events are stored through this block. */
  contracts: Map<Address, bigint>
}

/**
 * Blocks this close to the head may still be replaced: the index checks the hash of every block
 * it stores events of in this window against the node's (older blocks are final on every chain
 * served: Ethereum finalizes within about 64, BNB Smart Chain within a few, Avalanche at once).
 */
const UNFINALIZED_BLOCKS = 256n
/** Stored blocks compared with the node's per round trip while looking for the newest block a reorg left in place. */
const ANCESTOR_PAGE = 16
/** The ERC-20 Transfer event's selector: the token flows a contract follows are its transfers. */
const TRANSFER = transferEvents.topics[0]!
/** Longest pause after consecutive failed passes, ms. */
const MAX_BACKOFF_MS = 10_000
/** How often a backfill writes its progress line, ms. */
const PROGRESS_LINE_EVERY_MS = 5_000

/**
 * Follows the events of a chain's registered contracts into the store: a backfill from each
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
  private readonly range: LogRange
  private readonly byAddress: Map<Address, FollowedContract>
  private readonly topics: readonly Hex[]
  private prepared = false
  private stopped = false
  private running: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private wakeUp: (() => void) | undefined
  private failures = 0
  private progressLineAt = 0
  /** Callers waiting for the index to reach a block in a pass begun after they asked (`after`: the passes begun by then). */
  private waiters: { block: bigint; after: number; resolve: (reached: boolean) => void }[] = []
  private passesBegun = 0
  private current: IndexProgress

  constructor(private readonly options: ChainIndexerOptions) {
    this.range = new LogRange(options.maxRangeBlocks)
    this.byAddress = new Map(options.contracts.map((contract) => [contract.address, contract]))
    this.topics = eventDecoders(...options.contracts.map((contract) => contract.events)).topics
    this.current = { chainId: options.chain.chainId, indexedBlock: undefined, head: undefined, backfill: 0, contracts: new Map() }
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
    return this.failures === 0
  }

  start(): void {
    if (this.options.contracts.length === 0 || this.running) return
    this.running = this.loop()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.wakeUp?.()
    await this.running
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false)
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
    if (this.stopped || !this.running) return Promise.resolve(false)
    return new Promise((resolve) => {
      const waiter = {
        block,
        after: this.passesBegun,
        resolve: (reached: boolean) => {
          clearTimeout(timer)
          resolve(reached)
        },
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter)
        resolve(false)
      }, timeoutMs)
      timer.unref()
      this.waiters.push(waiter)
      this.wakeUp?.()
    })
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let behind = false
      try {
        behind = await this.pass()
        this.failures = 0
      } catch (error) {
        this.failures++
        if (this.failures === 1) this.options.log.warn({ err: error }, `index of chain ${this.chainId}: a pass failed; retrying`)
      }
      if (this.stopped) break
      const pause = this.failures > 0 ? Math.min(MAX_BACKOFF_MS, 250 * 2 ** (this.failures - 1)) : behind ? 0 : this.options.pollIntervalMs
      if (pause > 0) await this.sleep(pause)
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wakeUp = () => {
        clearTimeout(this.timer)
        this.wakeUp = undefined
        resolve()
      }
      this.timer = setTimeout(this.wakeUp, ms)
      this.timer.unref()
    })
  }

  /** One pass: reads the next range of blocks when this process holds the lease. True when more blocks wait to be read. */
  private async pass(): Promise<boolean> {
    const { store, owner, leaseTtlMs } = this.options
    const begun = ++this.passesBegun
    if (!(await store.acquireLease(this.chainId, owner, leaseTtlMs))) {
      // Another process indexes this chain: follow what it stores.
      await this.loadProgress(undefined, begun)
      return false
    }
    const chain = this.options.chain.within(requestScope(leaseTtlMs))
    let contracts = await this.followed()
    const resumeAt = lowestNext(contracts)
    const [tip] = resumeAt === undefined ? [] : await store.blocksBelow(this.chainId, resumeAt, 1)
    // One round trip: the head, and the last stored block as the node has it now.
    const [head, tipNow] = await Promise.all([readHead(chain), tip && readBlock(chain, tip.number)])
    if (tip && tipNow?.hash !== tip.hash) {
      await this.rewindFrom(chain, tip.number)
      return true
    }
    if (!this.prepared) {
      await this.prepare(chain, head)
      contracts = await this.followed()
    }
    const next = lowestNext(contracts) ?? head + 1n
    if (next > head) {
      this.publish(contracts, head, begun)
      return false
    }
    const to = next + this.range.blocks - 1n < head ? next + this.range.blocks - 1n : head
    const addresses = contracts.filter((contract) => contract.nextBlock <= to).map((contract) => contract.address)

    // One round trip: the logs and the range's last block.
    const end = readBlock(chain, to)
    let logs: NodeLog[]
    try {
      logs = await readLogs(chain, this.filtersOf(addresses), next, to)
    } catch (error) {
      await end.catch(() => undefined)
      const blocks = to - next + 1n
      // A range of one block that fails is the node failing, not a range too large: back off.
      if (blocks === 1n) throw error
      // viem keeps the node's own words in `details`.
      const message = (error as { details?: string }).details ?? (error instanceof Error ? error.message : String(error))
      this.range.refused(blocks, suggestedSpan(message))
      this.options.log.debug(`index of chain ${this.chainId}: eth_getLogs of ${blocks} blocks refused (${message}); asking for ${this.range.blocks}`)
      return true
    }
    const endBlock = await end
    // The head moved back (a reorg to a shorter chain) between the two reads: read it again.
    if (!endBlock) return true
    this.range.answered(to - next + 1n, logs.length)

    const blocks = await this.blocksOf(chain, logs, endBlock, head)
    if (!blocks) return true
    const events = this.decode(logs)
    await store.commit(this.chainId, owner, { addresses, through: to, blocks: [...blocks.values()], checkpoint: indexedBlockOf(endBlock), events, head })
    await this.loadProgress(head, begun)
    return to < head
  }

  /**
   * The blocks of `logs` with their hashes and timestamps: from the logs themselves where the
   * node adds `blockTimestamp`, else from their headers (one more round trip). Undefined when a
   * log near the head names a block the node no longer has at the end of the pass (the chain
   * moved under it: the pass is read again).
   */
  private async blocksOf(chain: ChainClient, logs: readonly NodeLog[], end: NodeBlock, head: bigint): Promise<Map<bigint, IndexedBlock> | undefined> {
    const blocks = new Map<bigint, IndexedBlock>()
    const toCheck = new Set<bigint>()
    for (const log of logs) {
      const number = BigInt(log.blockNumber)
      if (blocks.has(number)) continue
      if (number === end.number) {
        if (log.blockHash !== end.hash) return undefined
        blocks.set(number, indexedBlockOf(end))
        continue
      }
      blocks.set(number, { number, hash: log.blockHash, timestamp: log.blockTimestamp ? Number(BigInt(log.blockTimestamp)) : Number.NaN })
      if (!log.blockTimestamp || number + UNFINALIZED_BLOCKS > head) toCheck.add(number)
    }
    if (toCheck.size === 0) return blocks
    const headers = await Promise.all([...toCheck].map((number) => readBlock(chain, number)))
    for (const header of headers) {
      const block = header && blocks.get(header.number)
      if (!header || !block || block.hash !== header.hash) return undefined
      block.timestamp = header.timestamp
    }
    return blocks
  }

  /**
   * What a pass over `addresses` asks for: their events, and the token flows into and out of those
   * that have them (two filters on the tokens' Transfer: to any of the holders, from any of them).
   */
  private filtersOf(addresses: readonly Address[]): LogFilter[] {
    const filters: LogFilter[] = [{ address: addresses, topics: [this.topics] }]
    const flowing = addresses.flatMap((address) => {
      const flows = this.byAddress.get(address)?.flows
      return flows ? [{ holder: address, token: flows.token }] : []
    })
    if (flowing.length === 0) return filters
    const tokens = [...new Set(flowing.map((flow) => flow.token))]
    const holders = flowing.map((flow) => pad(flow.holder.toLowerCase() as Hex, { size: 32 }))
    filters.push({ address: tokens, topics: [TRANSFER, null, holders] }, { address: tokens, topics: [TRANSFER, holders] })
    return filters
  }

  private decode(logs: readonly NodeLog[]): IndexedEvent[] {
    const events: IndexedEvent[] = []
    for (const log of logs) {
      const address = getAddress(log.address)
      const followed = this.byAddress.get(address)
      const found = followed ? { contract: address, action: followed.events.decode(log) } : this.flowOf(address, log)
      if (!found?.action) continue
      events.push({
        ...found.action,
        blockNumber: BigInt(log.blockNumber),
        logIndex: Number(BigInt(log.logIndex)),
        txHash: log.transactionHash,
        contract: found.contract,
      })
    }
    return events
  }

  /** A token's Transfer into or out of a contract that follows that token's flows, as the contract's event; undefined for any other log. */
  private flowOf(token: Address, log: NodeLog): { contract: Address; action: ContractAction | undefined } | undefined {
    const transfer = transferEvents.decode(log)
    if (!transfer?.counterparty) return undefined
    for (const holder of [transfer.counterparty, transfer.account]) {
      const flows = this.byAddress.get(holder)?.flows
      const other = holder === transfer.counterparty ? transfer.account : transfer.counterparty
      if (flows?.token === token && !flows.except.includes(other)) return { contract: holder, action: { ...transfer, token } }
    }
    return undefined
  }

  /**
   * The block `mismatched` is no longer the one stored: finds the newest stored block below it
   * that the node still has (comparing hashes, a page of blocks per round trip), and removes
   * everything indexed above that block. With none left in place, the index starts again.
   */
  private async rewindFrom(chain: ChainClient, mismatched: bigint): Promise<void> {
    const { store, owner, log } = this.options
    let below = mismatched
    let ancestor: bigint | undefined
    while (ancestor === undefined) {
      const stored = await store.blocksBelow(this.chainId, below, ANCESTOR_PAGE)
      if (stored.length === 0) {
        ancestor = -1n
        break
      }
      const now = await Promise.all(stored.map((block) => readBlock(chain, block.number)))
      const kept = stored.find((block, index) => now[index]?.hash === block.hash)
      if (kept) ancestor = kept.number
      else below = stored[stored.length - 1]!.number
    }
    const removed = await store.rewind(this.chainId, owner, ancestor)
    log.warn(
      `index of chain ${this.chainId}: reorg below block ${mismatched}: blocks after ${ancestor} were replaced; ${removed} event(s) of them removed, reading again`,
    )
    this.options.onReorg?.(mismatched - ancestor)
  }

  /** Registers the followed contracts with the store, finding from the node where the history of those new to it starts. */
  private async prepare(chain: ChainClient, head: bigint): Promise<void> {
    const known = new Set((await this.options.store.contracts(this.chainId)).map((contract) => contract.address))
    const fresh = this.options.contracts.filter((contract) => !known.has(contract.address))
    const unknown = fresh.filter((contract) => contract.fromBlock === undefined).map((contract) => contract.address)
    const found = unknown.length > 0 ? await firstBlockOf(chain, unknown, head) : new Map<Address, bigint | undefined>()
    const missing = unknown.filter((address) => found.get(address) === undefined)
    if (missing.length > 0)
      this.options.log.warn(
        `index of chain ${this.chainId}: no first block found for ${missing.join(', ')} (no code, or a node without old state): reading from block 0; set fromBlock in the registry`,
      )
    await this.options.store.follow(
      this.chainId,
      fresh.map((contract) => ({ address: contract.address, fromBlock: contract.fromBlock ?? found.get(contract.address) ?? 0n })),
    )
    this.prepared = true
  }

  /** The stored progress of the contracts this indexer follows (a contract the registry no longer lists is left as it is). */
  private async followed(): Promise<IndexedContract[]> {
    return (await this.options.store.contracts(this.chainId)).filter((contract) => this.byAddress.has(contract.address))
  }

  /** Reads the stored progress into `progress`, wakes the callers it satisfies, and says so (metrics, the backfill's progress line). */
  private async loadProgress(head: bigint | undefined, pass: number): Promise<void> {
    const contracts = await this.followed()
    const storedHead = head ?? (await this.options.store.head(this.chainId))?.head
    this.publish(contracts, storedHead, pass)
  }

  private publish(contracts: readonly IndexedContract[], head: bigint | undefined, pass: number): void {
    const previous = this.current
    const next = lowestNext(contracts)
    const indexedBlock = next === undefined ? undefined : next - 1n
    const from = contracts.reduce((lowest, contract) => (contract.fromBlock < lowest ? contract.fromBlock : lowest), indexedBlock ?? 0n)
    const backfill =
      indexedBlock === undefined || head === undefined
        ? 0
        : head <= from
          ? 1
          : Math.max(0, Math.min(1, Number(indexedBlock - from + 1n) / Number(head - from + 1n)))
    this.current = {
      chainId: this.chainId,
      indexedBlock,
      head,
      backfill,
      contracts: new Map(contracts.map((contract) => [contract.address, contract.nextBlock - 1n])),
    }
    if (indexedBlock !== undefined)
      this.waiters = this.waiters.filter((waiter) => {
        if (waiter.block > indexedBlock || waiter.after >= pass) return true
        waiter.resolve(true)
        return false
      })
    this.options.onProgress?.(this.current)
    this.progressLine(previous)
  }

  /** A line every few seconds while a backfill runs, and one when it is done. */
  private progressLine(previous: IndexProgress): void {
    const { indexedBlock, head, backfill } = this.current
    if (indexedBlock === undefined || head === undefined) return
    const now = Date.now()
    const caughtUp = head - indexedBlock <= 1n
    if (caughtUp && previous.indexedBlock !== undefined && previous.head !== undefined && previous.head - previous.indexedBlock > 1n) {
      this.options.log.info(`index of chain ${this.chainId}: backfill done at block ${indexedBlock}`)
      return
    }
    if (caughtUp || now - this.progressLineAt < PROGRESS_LINE_EVERY_MS) return
    this.progressLineAt = now
    this.options.log.info(`index of chain ${this.chainId}: backfill ${(backfill * 100).toFixed(1)} % (block ${indexedBlock} of ${head})`)
  }
}

/** The lowest next block to read among `contracts`; undefined when there are none. */
function lowestNext(contracts: readonly IndexedContract[]): bigint | undefined {
  return contracts.reduce<bigint | undefined>(
    (lowest, contract) => (lowest === undefined || contract.nextBlock < lowest ? contract.nextBlock : lowest),
    undefined,
  )
}

function indexedBlockOf(block: NodeBlock): IndexedBlock {
  return { number: block.number, hash: block.hash, timestamp: block.timestamp }
}
