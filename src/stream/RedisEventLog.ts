import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { PRESENCE_TTL_MS, type EventLog, type EventWindow } from './EventLog.js'
import { compareIds, STREAM_TOPICS, type Replay, type StreamEvent, type StreamEventDraft, type StreamTopic } from './events.js'

/** How long one read of the followed stream waits for new events, ms (then it asks again). */
const BLOCK_MS = 5_000
/** How long to wait after a failed read before asking again, ms. */
const RETRY_MS = 500

/**
 * The stream's events in a Redis stream (XADD, XRANGE, XREAD): the refresher appends, and every
 * api replica follows it and replays from it, so a client that reconnects to another replica
 * with `Last-Event-ID` misses nothing kept. Redis gives the ids. Events older than the window
 * are trimmed as new ones come (MINID, and to the most events now and then), and the newest
 * entry trimmed is kept beside the stream: a client whose id is older missed some.
 */
export class RedisEventLog implements EventLog {
  private readonly key: string
  private readonly toldKey: string
  private readonly trimmedKey: string
  private readonly listeningKey: string
  private readonly listeners = new Set<(event: StreamEvent) => void>()
  private following = false
  private closed = false
  private appended = 0

  constructor(
    private readonly redis: Redis,
    /** A connection of its own for the blocking reads (what XREAD BLOCK holds cannot serve other commands). */
    private readonly reader: Redis,
    prefix: string,
    private readonly window: EventWindow,
    private readonly log: Logger,
  ) {
    this.key = `${prefix}stream`
    this.toldKey = `${prefix}stream:told`
    this.trimmedKey = `${prefix}stream:trimmed`
    this.listeningKey = `${prefix}stream:listening`
  }

  async append(drafts: readonly StreamEventDraft[]): Promise<void> {
    if (drafts.length === 0) return
    const oldest = `${Date.now() - this.window.windowMs}-0`
    // The newest entry the trims remove (one appender, the refresher, so nothing lands in between): a client behind it missed events.
    let trimmed = (await this.redis.xrevrange(this.key, `(${oldest}`, '-', 'COUNT', 1))[0]?.[0]
    this.appended += drafts.length
    const trimByCount = this.appended >= TRIM_EVERY
    if (trimByCount) {
      this.appended = 0
      const over = (await this.redis.xlen(this.key)) + drafts.length - this.window.maxEvents
      const dropped = over > 0 ? (await this.redis.xrange(this.key, '-', '+', 'COUNT', over)).at(-1)?.[0] : undefined
      if (dropped && (!trimmed || compareIds(dropped, trimmed) > 0)) trimmed = dropped
    }
    const batch = this.redis.multi()
    if (trimmed) batch.set(this.trimmedKey, trimmed)
    for (const draft of drafts) batch.xadd(this.key, 'MINID', oldest, '*', ...fieldsOf(draft))
    if (trimByCount) batch.xtrim(this.key, 'MAXLEN', this.window.maxEvents)
    await batch.exec()
  }

  async after(id: string): Promise<Replay> {
    const [entries, trimmed, first] = await Promise.all([
      this.redis.xrange(this.key, `(${id}`, '+', 'COUNT', this.window.maxEvents),
      this.redis.get(this.trimmedKey),
      this.redis.xrange(this.key, '-', '+', 'COUNT', 1),
    ])
    const events = entries.map(([entryId, fields]) => eventOf(entryId, fields)).filter((event) => event !== undefined)
    const oldestKept = first[0]?.[0]
    const missed = trimmed !== null && compareIds(id, trimmed) < 0
    return { events, missed, ...(oldestKept && { oldestKept }) }
  }

  follow(listener: (event: StreamEvent) => void): () => void {
    this.listeners.add(listener)
    if (!this.following) {
      this.following = true
      void this.readOn()
    }
    return () => this.listeners.delete(listener)
  }

  async toldThrough(chainId: number): Promise<bigint | undefined> {
    const block = await this.redis.hget(this.toldKey, String(chainId))
    return block === null ? undefined : BigInt(block)
  }

  async setToldThrough(chainId: number, block: bigint): Promise<void> {
    await this.redis.hset(this.toldKey, String(chainId), block.toString())
  }

  async markListening(): Promise<void> {
    await this.redis.set(this.listeningKey, '1', 'PX', PRESENCE_TTL_MS)
  }

  async listening(): Promise<boolean> {
    return (await this.redis.exists(this.listeningKey)) === 1
  }

  async markUntold(): Promise<void> {
    const newest = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1))[0]?.[0]
    if (newest) await this.redis.set(this.trimmedKey, newest)
  }

  async close(): Promise<void> {
    this.closed = true
    this.listeners.clear()
    this.reader.disconnect()
  }

  /** Reads the stream as it grows, from the newest entry when it began, handing each event to the listeners; a failed read resumes where it stopped. */
  private async readOn(): Promise<void> {
    let last = '$'
    while (!this.closed) {
      try {
        if (last === '$') last = (await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1))[0]?.[0] ?? '0-0'
        const read = await this.reader.xread('BLOCK', BLOCK_MS, 'STREAMS', this.key, last)
        for (const [, entries] of read ?? []) {
          for (const [entryId, fields] of entries) {
            last = entryId
            const event = eventOf(entryId, fields)
            if (event) for (const listener of this.listeners) listener(event)
          }
        }
      } catch (error) {
        if (this.closed) return
        this.log.warn({ err: error }, 'stream: reading the Redis stream failed; reading again')
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
      }
    }
  }
}

/** Appends between two trims of the stream to its most events (MINID trims by age on every append). */
const TRIM_EVERY = 1_000

function fieldsOf(draft: StreamEventDraft): string[] {
  return ['t', draft.topic, 'c', String(draft.chainId), ...(draft.address ? ['a', draft.address] : []), 'd', draft.data]
}

function eventOf(id: string, fields: string[]): StreamEvent | undefined {
  const named = new Map<string, string>()
  for (let at = 0; at + 1 < fields.length; at += 2) named.set(fields[at]!, fields[at + 1]!)
  const topic = named.get('t')
  const data = named.get('d')
  if (!STREAM_TOPICS.includes(topic as StreamTopic) || data === undefined) return undefined
  const address = named.get('a')
  return { id, topic: topic as StreamTopic, chainId: Number(named.get('c')), ...(address && { address }), data }
}
