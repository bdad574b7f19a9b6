import { createServer, type IncomingMessage, type ServerOptions as HttpOptions, type ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import { entryOf } from '../../keyed/index.js'
import type { HistogramSeries, Metrics } from '../../metrics/index.js'
import { CORS_HEADERS } from '../request/corsHeaders.js'
import type { AdmitFromMemory } from '../rate-limit/index.js'
import { logAnswer, requestIdOf } from '../request/requestLog.js'
import { MIN_BLOCK_HEADER } from '../schemas/minBlock.js'
import { type KeptAnswer, matches, type SerializedAnswers } from './serializedAnswers.js'

/** Answers a request before Fastify sees it, or returns false to hand it to Fastify untouched. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean

/** The options of Fastify's own that its HTTP server is set up with. */
interface ServerOptions {
  http?: HttpOptions
  keepAliveTimeout: number
  requestTimeout: number
  connectionTimeout: number
  maxRequestsPerSocket: number
}

/** What the kept reads need: the kept answers, the rate limit, metrics, the log and whether the app closes. */
export interface KeptReadsDeps {
  answers: SerializedAnswers
  admit: AdmitFromMemory
  metrics: Metrics
  log: Logger
  /** Whether the app is closing: its answers then close their connections, which Fastify does. */
  closing: () => boolean
}

/**
 * Answers a GET for an aggregate answer already kept for the current snapshots straight from
 * its bytes, before routing: the URL is the one a route validated and answered (a kept answer
 * exists for no other), so nothing is left to parse, validate or compute. The answer is the one
 * the route sends (SerializedAnswers.send): the same body, the route's and freshness headers,
 * `ETag` and 304, with the request id, the CORS headers and the rate limit's, and it is counted
 * in the metrics and logged the same way. The request goes to Fastify instead whenever anything
 * else is needed: another method, no kept answer, a rate limit that must ask Redis or refuse,
 * or a closing app.
 */
export function keptReads(deps: KeptReadsDeps): EarlyAnswer {
  const { answers, admit, metrics, log, closing } = deps
  const sendings = new WeakMap<KeptAnswer, Sending>()
  const newSending = (answer: KeptAnswer): Sending =>
    sendingFor(answer, (status) => metrics.httpDuration.series({ method: 'GET', route: answer.route, status: String(status) }))
  return (request, response) => {
    const startedAt = performance.now()
    // A request that asks for a block (x-min-block-number) may have to wait for it: Fastify answers it.
    if (request.method !== 'GET' || request.url === undefined || closing() || request.headers[MIN_BLOCK_HEADER] !== undefined) return false
    const answer = answers.keptFor(request.url)
    if (!answer) return false
    const limits = admit(request)
    if (!limits) return false
    const requestId = requestIdOf(request)
    const fresh = matches(request.headers['if-none-match'], answer.etag)
    const status = fresh ? 304 : 200
    const sending = entryOf(sendings, answer, newSending)
    // Node writes a flat [name, value, …] list as it is: no object to build, no keys to look up.
    const headers = status === 304 ? sending.notModified.slice() : sending.ok.slice()
    headers.push('x-request-id', requestId)
    appendHeaders(headers, limits)
    appendHeaders(headers, answers.freshnessOf(answer))
    if (fresh) response.writeHead(status, headers).end()
    else response.writeHead(status, headers).end(answer.bytes)
    const ms = performance.now() - startedAt
    sending.timed(status).observe(ms / 1000)
    logAnswer(log, { method: 'GET', url: request.url, status, ms, route: answer.route }, requestId)
    return true
  }
}

/** What stays the same for each answer of one kept answer: its fixed headers per status, and its metric series. */
interface Sending {
  /** The headers of a 200 that do not change while the answer is kept, as Node's flat list. */
  ok: string[]
  /** The same for a 304, which has no body to give a length. */
  notModified: string[]
  timed: (status: 200 | 304) => HistogramSeries
}

/** The Sending of `answer`, whose metric series are found on the first request with each status. */
function sendingFor(answer: KeptAnswer, seriesOf: (status: 200 | 304) => HistogramSeries): Sending {
  const notModified: string[] = []
  appendHeaders(notModified, CORS_HEADERS)
  appendHeaders(notModified, answer.headers)
  const series: Partial<Record<200 | 304, HistogramSeries>> = {}
  return {
    ok: [...notModified, 'content-length', String(answer.bytes.length)],
    notModified,
    timed: (status) => (series[status] ??= seriesOf(status)),
  }
}

/** Appends each of `headers` to a flat list of names and values. */
function appendHeaders(list: string[], headers: Readonly<Record<string, string>>): void {
  for (const name in headers) list.push(name, headers[name]!)
}

/**
 * A Fastify `serverFactory` whose HTTP server gives each request to `early` first and to Fastify
 * only when `early` declines; the server is set up as Fastify sets up its own.
 */
export function serverAnsweringEarly(early: () => EarlyAnswer) {
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, fastifyOptions: Record<string, unknown>) => {
    const options = fastifyOptions as unknown as ServerOptions
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!answeredEarly(early(), request, response)) handler(request, response)
    })
    server.keepAliveTimeout = options.keepAliveTimeout
    server.requestTimeout = options.requestTimeout
    server.setTimeout(options.connectionTimeout)
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket
    return server
  }
}

/**
 * Whether `early` answered: a failure before anything was sent leaves the request to Fastify,
 * which answers it properly; one after (the metrics, the log line) ends the connection rather
 * than the process.
 */
function answeredEarly(early: EarlyAnswer, request: IncomingMessage, response: ServerResponse): boolean {
  try {
    return early(request, response)
  } catch {
    if (!response.headersSent) return false
    response.destroy()
    return true
  }
}
