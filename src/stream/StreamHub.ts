import type { ServerResponse } from 'node:http'
import { PRESENCE_RENEW_MS, type EventLog } from './EventLog.js'
import { compareIds, isEventId, type StreamEvent, type StreamTopic } from './events.js'

/** What one client asked to hear. */
export interface StreamFilter {
  /** One chain's events, or every chain's. */
  chainId?: number
  topics: ReadonlySet<StreamTopic>
  /** `user` events are those of this account alone (lowercase). */
  address?: string
}

interface Client {
  response: ServerResponse
  filter: StreamFilter
  /** Events heard while the client's replay was read: sent after it, once. */
  pending?: StreamEvent[]
}

/** A comment line every this often keeps idle connections open through proxies and load balancers, ms. */
const HEARTBEAT_MS = 15_000
/** Bytes a client may leave unread: past them its connection is closed, and it comes back with `Last-Event-ID`. */
const MAX_UNREAD_BYTES = 1024 * 1024
/** How long a client waits before reconnecting, ms (the `retry:` field). */
const RETRY_MS = 2_000

/**
 * The Server-Sent Events clients of one api replica, served from the event log: every event is
 * framed once and written to the clients whose filter takes it. A client that comes back with
 * `Last-Event-ID` first gets the kept events after it (or a `gap` event when some are no longer
 * kept), then the live ones, none twice and none lost between the two.
 */
export class StreamHub {
  private readonly clients = new Set<Client>()
  private readonly unfollow: () => void
  private readonly heartbeat: NodeJS.Timeout
  private readonly presence: NodeJS.Timeout

  constructor(private readonly log: EventLog) {
    this.unfollow = log.follow((event) => this.hear(event))
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS)
    this.heartbeat.unref()
    // The publisher works only while some replica has clients: this one says so while it has.
    this.presence = setInterval(() => this.sayListening(), PRESENCE_RENEW_MS)
    this.presence.unref()
  }

  /** How many clients are connected. */
  get size(): number {
    return this.clients.size
  }

  /** Serves the stream on `response` (headers included) until the client leaves or the hub closes. */
  async attach(response: ServerResponse, filter: StreamFilter, lastEventId: string | undefined, headers: Record<string, string>): Promise<void> {
    response.socket?.setTimeout(0)
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    })
    response.write(`retry: ${RETRY_MS}\n: connected\n\n`)
    const client: Client = { response, filter, ...(lastEventId !== undefined && { pending: [] }) }
    if (this.clients.size === 0) this.sayListening(true)
    this.clients.add(client)
    response.once('close', () => this.clients.delete(client))
    if (lastEventId === undefined) return
    // The newest event the client has: live events after it follow the replay.
    let sent = '0-0'
    if (!isEventId(lastEventId)) {
      write(client, gapFrame(lastEventId, undefined, 'Last-Event-ID is not an id of this stream'))
    } else {
      sent = lastEventId
      const replay = await this.log.after(lastEventId).catch(() => ({ events: [], missed: true, oldestKept: undefined }))
      if (replay.missed) write(client, gapFrame(lastEventId, replay.oldestKept, 'some events after Last-Event-ID are no longer kept: read the answers again'))
      for (const event of replay.events) {
        if (takes(filter, event)) write(client, frameOf(event))
        sent = event.id
      }
    }
    const pending = client.pending ?? []
    delete client.pending
    for (const event of pending) if (compareIds(event.id, sent) > 0 && takes(filter, event)) write(client, frameOf(event))
  }

  /** Ends every client's stream (the replica is closing: its clients reconnect elsewhere with their last id). */
  close(): void {
    this.unfollow()
    clearInterval(this.heartbeat)
    clearInterval(this.presence)
    for (const client of this.clients) client.response.end()
    this.clients.clear()
  }

  private hear(event: StreamEvent): void {
    let frame: string | undefined
    for (const client of this.clients) {
      if (client.pending) {
        client.pending.push(event)
        continue
      }
      if (!takes(client.filter, event)) continue
      frame ??= frameOf(event)
      write(client, frame)
    }
  }

  private sayListening(first = false): void {
    if (first || this.clients.size > 0) void this.log.markListening().catch(() => undefined)
  }

  private beat(): void {
    for (const client of this.clients) if (!client.pending) write(client, ': keepalive\n\n')
  }
}

/** Whether `filter` takes `event`: its chain, one of its topics, and for `user`, its own account. */
function takes(filter: StreamFilter, event: StreamEvent): boolean {
  if (filter.chainId !== undefined && event.chainId !== filter.chainId) return false
  if (!filter.topics.has(event.topic)) return false
  return event.topic !== 'user' || event.address === filter.address
}

function frameOf(event: StreamEvent): string {
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${event.data}\n\n`
}

function gapFrame(lastEventId: string, oldestKept: string | undefined, note: string): string {
  return `event: gap\ndata: ${JSON.stringify({ lastEventId, oldestKept: oldestKept ?? null, note })}\n\n`
}

/** Writes to a client that keeps up; one that has left too much unread is let go. */
function write(client: Client, frame: string): void {
  const { response } = client
  if (response.destroyed || response.writableEnded) return
  if (response.writableLength > MAX_UNREAD_BYTES) {
    response.destroy()
    return
  }
  response.write(frame)
}
