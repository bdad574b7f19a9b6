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

/** Opens `url` as an event stream (with `lastEventId` as `Last-Event-ID`) and reads its events as they come, as EventSource would parse them. */
export async function readSse(url: string, lastEventId?: string): Promise<SseReader> {
  const abort = new AbortController()
  const response = await fetch(url, { signal: abort.signal, headers: lastEventId ? { 'last-event-id': lastEventId } : {} })
  const events: SseEvent[] = []
  let done = false
  if (response.ok && response.body) {
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffered = ''
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read()
          if (finished) break
          buffered += decoder.decode(value, { stream: true })
          let end = buffered.indexOf('\n\n')
          while (end >= 0) {
            const block = buffered.slice(0, end)
            buffered = buffered.slice(end + 2)
            const event = parse(block)
            if (event) events.push(event)
            end = buffered.indexOf('\n\n')
          }
        }
      } catch {
        // aborted
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

function parse(block: string): SseEvent | undefined {
  let id: string | undefined
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'id') id = value
    else if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  if (data.length === 0) return undefined
  return { ...(id !== undefined && { id }), event, data: data.join('\n') }
}
