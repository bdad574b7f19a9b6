import { compareIds, type Replay, type StreamEvent, type StreamEventDraft } from './events.js'

/**
 * The events of the stream, kept for a window so a client that reconnects gets what it missed:
 * the refresher appends, every api replica follows and replays. In Redis when the roles are
 * split (RedisEventLog), else in this process's memory.
 */
export interface EventLog {
  /** Appends events in order, each given an id later than every one before. */
  append(events: readonly StreamEventDraft[]): Promise<void>
  /** The kept events after `id`, oldest first, and whether any after it are no longer kept. */
  after(id: string): Promise<Replay>
  /** Calls `listener` with every event appended from now on, in order, until the returned function is called. */
  follow(listener: (event: StreamEvent) => void): () => void
  /** The last block of `chainId` whose index events were told (harvests, users' actions): a restarted refresher goes on from it. */
  toldThrough(chainId: number): Promise<bigint | undefined>
  setToldThrough(chainId: number, block: bigint): Promise<void>
  /** A replica has clients: it says so at least every PRESENCE_RENEW_MS while it has. */
  markListening(): Promise<void>
  /** Whether any replica had clients within PRESENCE_TTL_MS. */
  listening(): Promise<boolean>
  /** Nothing was told for a while (nobody listened): a client behind the newest event kept has missed what happened since. */
  markUntold(): Promise<void>
  close(): Promise<void>
}

/** How long a replica's word that it has clients holds, ms. */
export const PRESENCE_TTL_MS = 30_000
/** How often a replica with clients says so, ms. */
export const PRESENCE_RENEW_MS = 10_000

/** How long events are kept, and how many at most. */
export interface EventWindow {
  windowMs: number
  maxEvents: number
}

/** The log in this process's memory: one process serves and publishes (no Redis). */
export class MemoryEventLog implements EventLog {
  private readonly events: StreamEvent[] = []
  private readonly listeners = new Set<(event: StreamEvent) => void>()
  private readonly told = new Map<number, bigint>()
  private lastMs = 0
  private sequence = 0
  /** The newest event no longer kept: a client behind it missed some. */
  private lastDropped: string | undefined
  private listenedAt = -Infinity

  constructor(private readonly window: EventWindow) {}

  async append(drafts: readonly StreamEventDraft[]): Promise<void> {
    for (const draft of drafts) {
      const event = { ...draft, id: this.nextId() }
      this.events.push(event)
      for (const listener of this.listeners) listener(event)
    }
    this.trim()
  }

  async after(id: string): Promise<Replay> {
    this.trim()
    const missed = this.lastDropped !== undefined && compareIds(id, this.lastDropped) < 0
    const events = this.events.filter((event) => compareIds(event.id, id) > 0)
    return { events, missed, ...(this.events[0] && { oldestKept: this.events[0].id }) }
  }

  follow(listener: (event: StreamEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async toldThrough(chainId: number): Promise<bigint | undefined> {
    return this.told.get(chainId)
  }

  async setToldThrough(chainId: number, block: bigint): Promise<void> {
    this.told.set(chainId, block)
  }

  async markListening(): Promise<void> {
    this.listenedAt = Date.now()
  }

  async listening(): Promise<boolean> {
    return Date.now() - this.listenedAt <= PRESENCE_TTL_MS
  }

  async markUntold(): Promise<void> {
    const newest = this.events.at(-1)
    if (newest) this.lastDropped = newest.id
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }

  private nextId(): string {
    const now = Date.now()
    if (now > this.lastMs) {
      this.lastMs = now
      this.sequence = 0
    } else {
      this.sequence += 1
    }
    return `${this.lastMs}-${this.sequence}`
  }

  private trim(): void {
    const oldest = `${Date.now() - this.window.windowMs}-0`
    let drop = Math.max(0, this.events.length - this.window.maxEvents)
    while (drop < this.events.length && compareIds(this.events[drop]!.id, oldest) < 0) drop += 1
    if (drop === 0) return
    this.lastDropped = this.events[drop - 1]!.id
    this.events.splice(0, drop)
  }
}
