import type { paths } from './openapi.generated.js'

type Ok<Path extends keyof paths> = paths[Path] extends { get: { responses: { 200: { content: { 'application/json': infer Body } } } } } ? Body : never

/** A harvest as `/vaults/{address}/harvests` lists it. */
export type HarvestReport = Ok<'/vaults/{address}/harvests'>['harvests'][number]
/** An action as `/users/{address}/history` lists it. */
export type UserAction = Ok<'/users/{address}/history'>['actions'][number]
/** A strategy as `/harvestable` lists it. */
export type HarvestableEntry = Ok<'/harvestable'>[number]

/** One event of `GET /stream`, its `data` typed by its topic. */
export type StreamEvent =
  | {
      event: 'snapshot'
      id: string
      data: { chainId: number; blockNumber: string; timestamp: number; takenAt: string; rewound?: true; changed: { path: string; etag: string }[] }
    }
  | { event: 'harvest'; id: string; data: { chainId: number; vault: string; harvest: HarvestReport } }
  | { event: 'harvestable'; id: string; data: { chainId: number; blockNumber: string; entry: HarvestableEntry } }
  | { event: 'user'; id: string; data: { chainId: number; address: string; action: UserAction } }
  | { event: 'reorg'; id: string; data: { chainId: number; ancestor: string; replacedFrom: string; told: string | null; answers: string[] } }
  | { event: 'gap'; data: { lastEventId: string; oldestKept: string | null; note: string } }

export interface StreamOptions {
  chain?: number
  topics?: StreamEvent['event'][]
  /** The account whose own actions the `user` events tell. */
  address?: string
  /** Go on after this event id (one from an earlier stream): the events kept since come first. */
  lastEventId?: string
  /** Stops the stream (the iterator then ends). */
  signal?: AbortSignal
  /** The fetch to use (the global one by default). */
  fetch?: typeof fetch
}

/**
 * The events of `GET /stream` at `baseUrl`, as an async iterator: `for await (const event of
 * streamEvents(url, { chain: 56 }))`. A dropped connection is opened again with the last event's
 * id, so no kept event is lost (a `gap` event says when some were no longer kept); an error
 * answer (4xx, 503) ends the iterator with an Error that carries the problem's text.
 */
export async function* streamEvents(baseUrl: string, options: StreamOptions = {}): AsyncGenerator<StreamEvent> {
  const query = new URLSearchParams()
  if (options.chain !== undefined) query.set('chain', String(options.chain))
  if (options.topics) query.set('topics', options.topics.join(','))
  if (options.address) query.set('address', options.address)
  const url = `${baseUrl.replace(/\/$/, '')}/stream${query.size > 0 ? `?${query}` : ''}`
  const request = options.fetch ?? fetch
  let lastEventId = options.lastEventId
  let retryMs = 2_000
  while (!options.signal?.aborted) {
    let response: Response
    try {
      response = await request(url, {
        headers: { accept: 'text/event-stream', ...(lastEventId && { 'last-event-id': lastEventId }) },
        ...(options.signal && { signal: options.signal }),
      })
    } catch {
      // The service is away (a replica restarting): ask again after `retry`.
      if (options.signal?.aborted) return
      await pause(retryMs)
      continue
    }
    if (!response.ok || !response.body) throw new Error(`GET /stream answered ${response.status}: ${await response.text()}`)
    try {
      for await (const frame of framesOf(response.body)) {
        if (frame.retry !== undefined) retryMs = frame.retry
        if (frame.data === undefined) continue
        if (frame.id !== undefined) lastEventId = frame.id
        yield { event: frame.event, ...(frame.id !== undefined && { id: frame.id }), data: JSON.parse(frame.data) } as StreamEvent
      }
    } catch {
      // The connection dropped: open it again with the last id.
      if (options.signal?.aborted) return
    }
    await pause(retryMs)
  }
}

/** One frame of an event stream: its fields as the Server-Sent Events format gives them. */
export interface EventStreamFrame {
  id?: string
  event: string
  data?: string
  retry?: number
}

/** The frames of an event stream's body, as the Server-Sent Events format lays them out (a blank line ends one; comments are left out). */
export async function* framesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<EventStreamFrame> {
  const decoder = new TextDecoder()
  let buffered = ''
  const reader = body.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffered += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
      const frame = frameOf(buffered.slice(0, end))
      buffered = buffered.slice(end + 2)
      if (frame) yield frame
    }
  }
}

function frameOf(block: string): EventStreamFrame | undefined {
  const frame: EventStreamFrame = { event: 'message' }
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'id') frame.id = value
    else if (field === 'event') frame.event = value
    else if (field === 'data') data.push(value)
    else if (field === 'retry' && /^[0-9]+$/.test(value)) frame.retry = Number(value)
  }
  if (data.length > 0) frame.data = data.join('\n')
  return frame.data !== undefined || frame.retry !== undefined ? frame : undefined
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
