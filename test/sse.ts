import { framesOf } from '../client/src/index.js'

/** One Server-Sent Event as a client reads it. */
export interface SseEvent {
  id?: string
  event: string
  data: string
}

/** A stream a test reads: the events so far, a wait for one, and a way to leave. */
export interface SseReader {
  status: number
  headers: Headers
  events: SseEvent[]
  /** Resolves with the first event (from the start) that `match` takes, or fails after `timeoutMs`. */
  until(match: (event: SseEvent, index: number) => boolean, timeoutMs: number, what: string): Promise<SseEvent>
  /** Whether the server ended the stream. */
  ended(): boolean
  close(): void
}

/**
 * Opens `url` as an event stream (with `lastEventId` as `Last-Event-ID`) and reads its events as
 * they come, framed as the typed client frames them, never reconnecting: what one connection got.
 */
export async function readSse(url: string, lastEventId?: string): Promise<SseReader> {
  const abort = new AbortController()
  const response = await fetch(url, { signal: abort.signal, headers: lastEventId ? { 'last-event-id': lastEventId } : {} })
  const events: SseEvent[] = []
  let done = false
  if (response.ok && response.body) {
    const body = response.body
    void (async () => {
      try {
        for await (const frame of framesOf(body))
          if (frame.data !== undefined) events.push({ ...(frame.id !== undefined && { id: frame.id }), event: frame.event, data: frame.data })
      } catch {
        // aborted, or the server went away
      }
      done = true
    })()
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended: () => done,
    close: () => abort.abort(),
    until: async (match, timeoutMs, what) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = events.find(match)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no event within ${timeoutMs} ms: ${what}; got ${events.map((event) => event.event).join(', ')}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}
