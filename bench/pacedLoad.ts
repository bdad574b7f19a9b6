import { Pool } from 'undici'
import { quantileOf } from './load.js'

/** One request of a paced load: as autocannon takes them, so the soak keeps one list of its mix. */
export interface PacedRequest {
  method: 'GET' | 'POST'
  path: string
  body?: string
  headers?: Record<string, string>
}

/** What a paced load measured. */
export interface PacedResult {
  /** Requests answered per second over the run. */
  rps: number
  total: number
  /** Latency from each request's scheduled start, ms. */
  p50: number
  p99: number
  max: number
  /** Non-2xx answers and errors. */
  failures: number
  /** p99 of the requests due in each minute of the run, ms: whether a miss is steady or a moment. */
  p99ByMinute: number[]
  /** p50 and p99 of each request of the mix, ms: which of them make the tail. */
  byRequest: { request: PacedRequest; p50: number; p99: number }[]
  /**
   * p99 of how late the generator itself handed requests over, ms (its 2 ms tick, its own pauses):
   * part of every latency above, which runs from the due time, and none of it the service's doing
   * unless the service took the generator's CPU.
   */
  lateP99: number
}

/** How often due requests are sent: small enough that a tick's requests are a few, not a burst. */
const TICK_MS = 2

/**
 * An open-model load: `rate` requests per second spread evenly over `seconds` (a tick every 2 ms
 * sends those due), cycling through `requests`, over at most `connections` keep-alive
 * connections. Latency runs from the moment a request was due, not from when a connection was
 * free, so a stall shows in full (no coordinated omission).
 *
 * autocannon's own rate limit is not this: each connection sends its quota for the second as
 * fast as it can and then waits for the next second, so "70 % of capacity" means full saturation
 * for 70 % of each second.
 */
export async function pacedLoad(options: { url: string; requests: PacedRequest[]; rate: number; seconds: number; connections: number }): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 })
  const startedAt = performance.now()
  const latencies: number[] = []
  const lateness: number[] = []
  const byMinute: number[][] = []
  const byRequest: number[][] = options.requests.map(() => [])
  let failures = 0
  const inFlight = new Set<Promise<void>>()
  const send = (index: number, dueAt: number) => {
    const request = options.requests[index]!
    const sent = pool
      .request({ method: request.method, path: request.path, ...(request.body !== undefined && { body: request.body }), headers: request.headers ?? {} })
      .then(async (response) => {
        await response.body.dump()
        if (response.statusCode < 200 || response.statusCode >= 300) failures++
      })
      .catch(() => {
        failures++
      })
      .then(() => {
        const latency = performance.now() - dueAt
        latencies.push(latency)
        byRequest[index]!.push(latency)
        const minute = Math.floor((dueAt - startedAt) / 60_000)
        byMinute[minute] ??= []
        byMinute[minute].push(latency)
        inFlight.delete(sent)
      })
    inFlight.add(sent)
  }
  const total = Math.floor(options.rate * options.seconds)
  const interval = 1000 / options.rate
  let next = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now()
      for (; next < total && startedAt + next * interval <= now; next++) {
        lateness.push(now - (startedAt + next * interval))
        send(next % options.requests.length, startedAt + next * interval)
      }
      if (next >= total) {
        clearInterval(timer)
        resolve()
      }
    }, TICK_MS)
  })
  await Promise.all(inFlight)
  const elapsedSeconds = (performance.now() - startedAt) / 1000
  await pool.close()
  const at = (sorted: number[], quantile: number) => Math.round(quantileOf(sorted, quantile))
  latencies.sort((a, b) => a - b)
  lateness.sort((a, b) => a - b)
  return {
    rps: latencies.length / elapsedSeconds,
    total: latencies.length,
    p50: at(latencies, 0.5),
    p99: at(latencies, 0.99),
    max: Math.round(latencies[latencies.length - 1] ?? 0),
    lateP99: at(lateness, 0.99),
    failures,
    p99ByMinute: byMinute.map((minute) =>
      at(
        minute.sort((a, b) => a - b),
        0.99,
      ),
    ),
    byRequest: byRequest.map((list, index) => {
      list.sort((a, b) => a - b)
      return { request: options.requests[index]!, p50: at(list, 0.5), p99: at(list, 0.99) }
    }),
  }
}
