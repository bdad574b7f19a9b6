import type { Logger } from 'pino'
import { getAddress, zeroAddress, type Address } from 'viem'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import type { Registry } from '../registry/index.js'
import type { IndexStore, TimedEvent } from '../store/index.js'
import { answerPaths, harvestsPath, userHistoryPath } from './answerPaths.js'
import type { EventLog } from './EventLog.js'
import type { StreamEventDraft } from './events.js'
import { entryOf } from '../keyed/index.js'

/** An answer of the API as a client gets it: status, entity tag and parsed body. */
export interface AskedAnswer {
  status: number
  etag: string | undefined
  body: unknown
}

export interface StreamPublisherDeps {
  log: EventLog
  registry: Registry
  /** The event index, where the harvests and users' actions of new blocks are found. */
  index?: Pick<IndexStore, 'eventsBetween'>
  /** The chain's latest snapshot (the one just taken). */
  latest: (chainId: number) => ChainSnapshot | undefined
  /** Asks the API for an answer at the latest snapshots, as a client would (same bytes, same ETag). */
  ask: (path: string) => Promise<AskedAnswer>
  logger: Logger
}

/** What the publisher last told of a chain. */
interface ChainTold {
  /** The ETag of each answer as last told (a new one is a change). */
  etags: Map<string, string>
  /** Each strategy's `profitable` as last told. */
  profitable: Map<string, boolean>
  /** The last block whose harvests and users' actions were told. */
  through?: bigint
  /** The answers the recent harvest and user events added to, by block: what a reorg below that block moves back. */
  recent: { block: bigint; path: string }[]
  /** The newest block told in a `snapshot` event. */
  block?: bigint
  /** A publication under way; `again` when another snapshot came meanwhile (the next one covers both). */
  busy?: Promise<void>
  again: boolean
  /** Nothing is told while nobody listens. */
  silent?: boolean
}

/** Blocks told at most in one go: a refresher back after a long stop tells the newest (older events stay in the answers). */
const MAX_TOLD_BLOCKS = 5_000n
/** Accounts whose actions are told per publication at most. */
const MAX_USERS = 200
/** Recent additions kept per chain for reorgs. */
const MAX_RECENT = 2_000

const USER_ACTIONS = ['deposit', 'withdraw', 'transfer', 'stake', 'unstake', 'claim'] as const

/**
 * Turns each new snapshot into the stream's events, in the refresher's process, and appends them
 * to the log every api replica serves from. Answers are asked of the API itself, so an event's
 * ETag is the one a replica sends for that URL and a harvest or action is the entry its list
 * gives. One publication per chain at a time: snapshots that come meanwhile are told together.
 * While no replica has clients, nothing is asked or told.
 */
export class StreamPublisher {
  private readonly told = new Map<number, ChainTold>()
  private stopped = false

  constructor(private readonly deps: StreamPublisherDeps) {}

  /** A snapshot of `chainId` was taken: tells what changed (coalesced with any that come while it is told). */
  taken(chainId: number): void {
    if (this.stopped) return
    const told = this.toldOf(chainId)
    if (told.busy) {
      told.again = true
      return
    }
    told.busy = this.publishUntilCurrent(chainId, told).finally(() => delete told.busy)
  }

  /** The index of `chainId` replaced the blocks after `ancestor`: tells which answers moved back. */
  reorged(chainId: number, ancestor: bigint): void {
    if (this.stopped) return
    const told = this.toldOf(chainId)
    const moved = new Set(answerPaths(chainId))
    for (const { block, path } of told.recent) if (block > ancestor) moved.add(path)
    told.recent = told.recent.filter(({ block }) => block <= ancestor)
    told.etags.clear()
    if (told.through !== undefined && told.through > ancestor) told.through = ancestor
    const data = { chainId, ancestor: ancestor.toString(), replacedFrom: (ancestor + 1n).toString(), told: told.block?.toString() ?? null, answers: [...moved] }
    void this.append([{ topic: 'reorg', chainId, data: JSON.stringify(data) }]).then(() =>
      told.through === undefined ? undefined : this.deps.log.setToldThrough(chainId, told.through),
    )
  }

  /** Waits for the publications under way. */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.allSettled([...this.told.values()].map((told) => told.busy))
  }

  private toldOf(chainId: number): ChainTold {
    return entryOf(this.told, chainId, () => ({ etags: new Map(), profitable: new Map(), recent: [], again: false }))
  }

  private async publishUntilCurrent(chainId: number, told: ChainTold): Promise<void> {
    do {
      told.again = false
      const snapshot = this.deps.latest(chainId)
      if (!snapshot || this.stopped) return
      try {
        if (await this.deps.log.listening()) await this.append(await this.eventsOf(snapshot, told))
        else await this.untold(snapshot, told)
      } catch (error) {
        this.deps.logger.warn({ err: error }, `stream: the events of chain ${chainId} at block ${snapshot.state.blockNumber} were not published`)
      }
    } while (told.again && !this.stopped)
  }

  /**
   * Nobody listens: the answers are not asked (the refresher's time goes to snapshots), and the
   * log says events went untold, so a client that comes back later with an older id gets a gap.
   * The blocks count as told: a listener that comes hears what happens from then on.
   */
  private async untold(snapshot: ChainSnapshot, told: ChainTold): Promise<void> {
    if (!told.silent) await this.deps.log.markUntold()
    told.silent = true
    const indexed = snapshot.index?.indexedBlock
    if (indexed !== undefined) {
      told.through = indexed < snapshot.state.blockNumber ? indexed : snapshot.state.blockNumber
      await this.deps.log.setToldThrough(snapshot.chainId, told.through)
    }
  }

  private async append(events: StreamEventDraft[]): Promise<void> {
    await this.deps.log.append(events)
  }

  /** The events of a new snapshot: the answers it changed, strategies turning profitable or not, and the harvests and users' actions of its new blocks. */
  private async eventsOf(snapshot: ChainSnapshot, told: ChainTold): Promise<StreamEventDraft[]> {
    const { chainId } = snapshot
    const block = snapshot.state.blockNumber
    const changed: { path: string; etag: string }[] = []
    const events: StreamEventDraft[] = []
    for (const path of answerPaths(chainId)) {
      const answer = await this.deps.ask(path)
      if (answer.status !== 200 || !answer.etag) continue
      if (told.etags.get(path) !== answer.etag) changed.push({ path, etag: answer.etag })
      told.etags.set(path, answer.etag)
      if (path.startsWith('/harvestable')) events.push(...harvestableEvents(chainId, block, answer.body, told.profitable))
    }
    const head = {
      chainId,
      blockNumber: block.toString(),
      timestamp: snapshot.state.timestamp,
      takenAt: new Date(snapshot.takenAt).toISOString(),
      ...(snapshot.rewound && { rewound: true }),
      changed,
    }
    told.block = block
    told.silent = false
    return [{ topic: 'snapshot', chainId, data: JSON.stringify(head) }, ...events, ...(await this.indexEvents(snapshot, told))]
  }

  /** The harvests and users' actions of the blocks indexed since the last told, each as its list gives it. */
  private async indexEvents(snapshot: ChainSnapshot, told: ChainTold): Promise<StreamEventDraft[]> {
    const { chainId } = snapshot
    const indexed = snapshot.index
    if (!this.deps.index || !indexed || indexed.indexesBuilt === false || indexed.indexedBlock === undefined) return []
    const through = indexed.indexedBlock < snapshot.state.blockNumber ? indexed.indexedBlock : snapshot.state.blockNumber
    told.through ??= (await this.deps.log.toldThrough(chainId)) ?? through
    let from = told.through + 1n
    if (through - from >= MAX_TOLD_BLOCKS) {
      this.deps.logger.warn(
        `stream: chain ${chainId}: blocks ${from} to ${through - MAX_TOLD_BLOCKS} were not told (more than ${MAX_TOLD_BLOCKS} blocks behind)`,
      )
      from = through - MAX_TOLD_BLOCKS + 1n
    }
    if (from > through) return []
    const found = await this.deps.index.eventsBetween(chainId, { fromBlock: from, toBlock: through, actions: [...USER_ACTIONS, 'harvest'] })
    const events = [...(await this.harvestEvents(chainId, found, from, through, told)), ...(await this.userEvents(chainId, found, from, through, told))]
    told.through = through
    await this.deps.log.setToldThrough(chainId, through)
    return events
  }

  private async harvestEvents(chainId: number, found: TimedEvent[], from: bigint, through: bigint, told: ChainTold): Promise<StreamEventDraft[]> {
    const registry = this.deps.registry.chains.get(chainId)
    const harvests = found.filter((event) => event.action === 'harvest')
    const vaults = new Set(harvests.map((event) => registry?.strategies.get(event.contract)?.address).filter((vault) => vault !== undefined))
    const events: StreamEventDraft[] = []
    for (const vault of vaults)
      for (const harvest of await this.listedWithin(harvestsPath(chainId, vault), 'harvests', harvests, { from, through }, told))
        events.push({ topic: 'harvest', chainId, data: JSON.stringify({ chainId, vault, harvest }) })
    return events
  }

  private async userEvents(chainId: number, found: TimedEvent[], from: bigint, through: bigint, told: ChainTold): Promise<StreamEventDraft[]> {
    const actions = found.filter((event) => event.action !== 'harvest')
    const accounts = usersOf(actions, this.deps.registry, chainId)
    if (accounts.length > MAX_USERS)
      this.deps.logger.warn(`stream: chain ${chainId}: ${accounts.length} accounts acted in blocks ${from} to ${through}; the actions of ${MAX_USERS} are told`)
    const events: StreamEventDraft[] = []
    for (const account of accounts.slice(0, MAX_USERS))
      for (const action of await this.listedWithin(userHistoryPath(chainId, account), 'actions', actions, { from, through }, told))
        events.push({ topic: 'user', chainId, address: account.toLowerCase(), data: JSON.stringify({ chainId, address: account, action }) })
    return events
  }

  /**
   * The entries of the list `path` answers under `field` (asked over the chain-time window of
   * `found`) whose block lies within the told blocks, oldest first; each path is remembered with
   * its entries' blocks, so a reorg names it.
   */
  private async listedWithin(
    path: string,
    field: 'harvests' | 'actions',
    found: TimedEvent[],
    blocks: { from: bigint; through: bigint },
    told: ChainTold,
  ): Promise<{ block: string }[]> {
    const answer = await this.deps.ask(`${path}&${windowOf(found)}`)
    const listed = answer.status === 200 ? ((answer.body as Record<string, { block: string }[] | undefined>)[field] ?? []) : []
    const within = listed.filter((entry) => withinBlocks(entry.block, blocks.from, blocks.through)).reverse()
    for (const entry of within) this.remember(told, BigInt(entry.block), path)
    return within
  }

  private remember(told: ChainTold, block: bigint, path: string): void {
    told.recent.push({ block, path })
    if (told.recent.length > MAX_RECENT) told.recent.splice(0, told.recent.length - MAX_RECENT)
  }
}

/** `harvestable` events: the strategies whose `profitable` turned since last told (none on first sight). */
function harvestableEvents(chainId: number, block: bigint, body: unknown, profitable: Map<string, boolean>): StreamEventDraft[] {
  const events: StreamEventDraft[] = []
  for (const entry of Array.isArray(body) ? (body as { strategy: string; profitable: boolean }[]) : []) {
    const before = profitable.get(entry.strategy)
    profitable.set(entry.strategy, entry.profitable)
    if (before !== undefined && before !== entry.profitable)
      events.push({ topic: 'harvestable', chainId, data: JSON.stringify({ chainId, blockNumber: block.toString(), entry }) })
  }
  return events
}

/** The accounts that acted in `events`: the actor and the counterparty, never the zero address or a registered contract. */
function usersOf(events: TimedEvent[], registry: Registry, chainId: number): Address[] {
  const chain = registry.chains.get(chainId)
  const contracts = new Set<string>([zeroAddress, ...(chain ? [...chain.vaults.keys(), ...chain.strategies.keys(), ...chain.rewardPools.keys()] : [])])
  const accounts = new Set<Address>()
  for (const event of events)
    for (const account of [event.account, event.counterparty]) if (account && !contracts.has(getAddress(account))) accounts.add(getAddress(account))
  return [...accounts]
}

/** The `from`/`to` query of a list's chain-time window that holds `events` (ms). */
function windowOf(events: TimedEvent[]): string {
  const times = events.map((event) => event.timestamp)
  return `from=${Math.min(...times) * 1000}&to=${Math.max(...times) * 1000}`
}

function withinBlocks(block: string, from: bigint, through: bigint): boolean {
  const number = BigInt(block)
  return number >= from && number <= through
}
