import { type Agent, createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { agentFor, postJson } from '../src/chain/index.js'

/** One JSON-RPC call as the proxy sees it. */
export interface RpcCall {
  id?: unknown
  method: string
  params?: unknown[]
}

/** What the proxy does to one call instead of forwarding it (`undefined` forwards it). */
export type CallFault =
  /** A JSON-RPC error object in place of the result (e.g. -32005 limit exceeded, `missing trie node`). */
  | { rpcError: { code: number; message: string } }
  /** Rewrites the node's result (e.g. an `eth_blockNumber` far behind, for a lagging node). */
  | { rewrite: (result: unknown) => unknown }
  /** Answers this error in place of a result it picks (e.g. an `eth_getLogs` answer of too many logs, as providers refuse them). */
  | { refuseAnswer: (result: unknown) => { code: number; message: string } | undefined }
  /**
   * Answers this error in place of an `eth_getLogs` answer of more than `limit` logs, counted in the
   * answer's text (one `logIndex` a log) and otherwise passed on as the node wrote it: a provider's
   * result limit that costs this process no parsing (in a bench, the provider's work is not the reader's).
   */
  | { logsOver: { limit: number; error: { code: number; message: string } } }

/**
 * Conditions of the node behind the proxy, set per test. Request-level faults apply to a whole
 * HTTP request (a JSON-RPC batch included); `call` decides per JSON-RPC call.
 */
export interface NodeConditions {
  /** Added before each HTTP request is answered (forwarded or faulted), ms. */
  latencyMs?: number
  /** Accept the request and never answer (until the condition is lifted or the proxy closes). */
  hang?: boolean
  /** Destroy the connection as soon as a request arrives. */
  drop?: boolean
  /** Answer every request with this HTTP status and a short text body (e.g. 429 rate limited, 503). */
  httpStatus?: number
  /** With `httpStatus`: the Retry-After header it carries, seconds (as rate-limiting providers send it). */
  retryAfterSeconds?: number
  /** Answer every request with a body that is not JSON. */
  garbage?: boolean
  /** Refuse JSON-RPC batches as some providers do: one error object, null id, for the whole batch. */
  rejectBatches?: boolean
  /** A provider's rate limit: calls (each of a batch) over this many in the last second are refused with HTTP 429 and `Retry-After: 1`. */
  callsPerSecond?: number
  /** How long a request waits in the provider's queue before its rate limit counts it, ms (the sender cannot see it). */
  queueMs?: (calls: readonly RpcCall[]) => number
  /** Per-call faults: JSON-RPC errors or rewritten results for the calls it picks. */
  call?: (call: RpcCall) => CallFault | undefined
  /** Forwards to this node instead (e.g. one of another chain: a provider's URL that now serves another network). */
  upstream?: string
}

/** The proxy a test drives: its URL, the conditions it applies and what it has counted. */
export interface NodeProxy {
  url: string
  /** Replaces the conditions (no argument: a healthy node again). Hung requests are released. */
  set(conditions?: NodeConditions): void
  /** HTTP requests received (node round trips), since the last `reset`. */
  roundTrips(): number
  /**
   * The round trips of latency a client paid, since the last `reset`: the longest chain of
   * requests each of which arrived after the one before it was answered. Requests sent side by
   * side count once, however many there are, as long as they all arrive before the first is
   * answered: set `latencyMs` above the time the client takes to send them (large batches on a
   * busy machine take tens of ms). With `latencyMs` set, this many times it is the least the
   * client waited.
   */
  sequentialRoundTrips(): number
  /** JSON-RPC calls received by method (a batch counts each of its calls), since the last `reset`. */
  methods(): Record<string, number>
  /** The methods of every call received in order, since the last `reset`. */
  calls(): string[]
  /** The calls of each HTTP request received (a batch, or one call), in order, since the last `reset`. */
  requests(): RpcCall[][]
  /** HTTP requests refused for `callsPerSecond` since the last reset. */
  rateLimited(): number
  reset(): void
  close(): Promise<void>
}

/** Longest a hung request is held before the proxy gives up on it (a bound for the test run). */
const HANG_LIMIT_MS = 60_000

/**
 * A JSON-RPC proxy on a loopback port in front of a real node (`upstream`, e.g. a devnet anvil).
 * It forwards requests as they are, and on the test's word adds latency, hangs, drops
 * connections, answers HTTP errors, garbage or JSON-RPC errors per call, and counts round trips
 * and calls by method. It never listens beyond 127.0.0.1 and never holds a request past a bound.
 */
export async function nodeProxy(upstream: string, initial: NodeConditions = {}): Promise<NodeProxy> {
  let conditions = initial
  let roundTrips = 0
  // A request's depth: one more than the deepest request answered before it arrived.
  let answeredDepth = 0
  let deepest = 0
  let received: RpcCall[][] = []
  /** When each call let through under `callsPerSecond` arrived (performance.now(), ms). */
  let admitted: number[] = []
  let refused = 0
  const hung = new Set<() => void>()
  const sockets = new Set<Socket>()
  // The service's own keep-alive client (postJson): fetch cost the proxy several times its CPU.
  const agents = new Map<string, Agent>()
  const agentOf = (url: string) => {
    const agent = agents.get(url) ?? agentFor(new URL(url))
    agents.set(url, agent)
    return agent
  }

  const release = () => {
    for (const done of hung) done()
    hung.clear()
  }

  const server = createServer((request, response) => {
    const depth = answeredDepth + 1
    deepest = Math.max(deepest, depth)
    response.once('close', () => (answeredDepth = Math.max(answeredDepth, depth)))
    void handle(request, response).catch(() => response.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await readBody(request)
    const now = conditions
    roundTrips += 1
    const parsed = parseCalls(text)
    received.push(parsed.calls)
    if (now.drop) return void request.socket.destroy()
    if (now.hang) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANG_LIMIT_MS)
        hung.add(() => {
          clearTimeout(timer)
          resolve()
        })
      })
      return void request.socket.destroy()
    }
    const queued = now.queueMs?.(parsed.calls) ?? 0
    if (queued > 0) await new Promise((resolve) => setTimeout(resolve, queued))
    if (now.callsPerSecond !== undefined) {
      const at = performance.now()
      admitted = admitted.filter((time) => time > at - 1_000)
      if (admitted.length + parsed.calls.length > now.callsPerSecond) {
        refused += 1
        return void response.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' }).end('proxy: rate limited')
      }
      for (const _ of parsed.calls) admitted.push(at)
    }
    if (now.latencyMs) await new Promise((resolve) => setTimeout(resolve, now.latencyMs))
    if (now.httpStatus) {
      const retryAfter = now.retryAfterSeconds === undefined ? {} : { 'retry-after': String(now.retryAfterSeconds) }
      return void response.writeHead(now.httpStatus, { 'content-type': 'text/plain', ...retryAfter }).end(`proxy answers ${now.httpStatus}`)
    }
    if (now.garbage) return void response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json')
    if (now.rejectBatches && parsed.batch)
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch requests are not supported' } }))

    const faults = parsed.calls.map((call) => now.call?.(call))
    const forwarded = parsed.calls.filter((_, index) => !faults[index] || !('rpcError' in faults[index]!))
    const answers = new Map<unknown, unknown>()
    if (forwarded.length > 0) {
      // Nothing to rewrite: the request as the client wrote it, and the node's answer as it wrote
      // it, unparsed (a registry's state read is hundreds of KB of hex each way: parsing and
      // writing them again cost the proxy several ms a request, on the cores the node shares).
      const untouched = faults.every((fault) => fault === undefined)
      const target = now.upstream ?? upstream
      const upstreamAnswer = await postJson(
        new URL(target),
        agentOf(target),
        untouched ? text : JSON.stringify(parsed.batch ? forwarded : forwarded[0]),
        // Bounded by HANG_LIMIT_MS alone; a signal of its own, as every other call's (one shared by
        // all calls in flight held a listener each, past Node's 10 with a 1,000-vault snapshot).
        new AbortController().signal,
        HANG_LIMIT_MS,
      )
      const nodeText = upstreamAnswer.text
      if (untouched) return void response.writeHead(upstreamAnswer.status, { 'content-type': 'application/json' }).end(nodeText)
      // One call that may be refused for its logs' count: else the node's answer as it wrote it, unparsed.
      const [fault] = faults
      if (!parsed.batch && fault && 'logsOver' in fault) {
        const over = logsIn(nodeText) > fault.logsOver.limit
        const reply = over ? JSON.stringify({ jsonrpc: '2.0', id: parsed.calls[0]!.id ?? null, error: fault.logsOver.error }) : nodeText
        return void response.writeHead(200, { 'content-type': 'application/json' }).end(reply)
      }
      const body = JSON.parse(nodeText) as unknown
      for (const answer of Array.isArray(body) ? body : [body]) answers.set((answer as { id?: unknown }).id, answer)
    }
    const replies = parsed.calls.map((call, index) => {
      const fault = faults[index]
      if (fault && 'rpcError' in fault) return { jsonrpc: '2.0', id: call.id ?? null, error: fault.rpcError }
      const answer = answers.get(call.id) as { result?: unknown } | undefined
      if (fault && 'logsOver' in fault && answer && 'result' in answer)
        return (answer.result as unknown[]).length > fault.logsOver.limit ? { jsonrpc: '2.0', id: call.id ?? null, error: fault.logsOver.error } : answer
      if (fault && 'refuseAnswer' in fault && answer && 'result' in answer) {
        const error = fault.refuseAnswer(answer.result)
        return error ? { jsonrpc: '2.0', id: call.id ?? null, error } : answer
      }
      if (fault && 'rewrite' in fault && answer && 'result' in answer) return { ...answer, result: fault.rewrite(answer.result) }
      return answer ?? { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32603, message: 'no answer from upstream' } }
    })
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(parsed.batch ? replies : replies[0]))
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    set(next = {}) {
      conditions = next
      if (!next.hang) release()
    },
    roundTrips: () => roundTrips,
    sequentialRoundTrips: () => deepest,
    methods: () => {
      const counts: Record<string, number> = {}
      for (const call of received.flat()) counts[call.method] = (counts[call.method] ?? 0) + 1
      return counts
    },
    calls: () => received.flat().map((call) => call.method),
    requests: () => received.map((calls) => [...calls]),
    rateLimited: () => refused,
    reset() {
      refused = 0
      roundTrips = 0
      answeredDepth = 0
      deepest = 0
      received = []
    },
    async close() {
      release()
      for (const agent of agents.values()) agent.destroy()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function parseCalls(text: string): { batch: boolean; calls: RpcCall[] } {
  try {
    const body = JSON.parse(text) as RpcCall | RpcCall[]
    return Array.isArray(body) ? { batch: true, calls: body } : { batch: false, calls: [body] }
  } catch {
    return { batch: false, calls: [] }
  }
}

/** The errors real nodes give, ready for `call`. */
export const nodeErrors = {
  limitExceeded: { rpcError: { code: -32005, message: 'limit exceeded' } },
  headerNotFound: { rpcError: { code: -32000, message: 'header not found' } },
  missingTrieNode: { rpcError: { code: -32000, message: 'missing trie node 0c5b0d9e1f1d6f2c3a (path ) state is not available' } },
} as const satisfies Record<string, CallFault>

/** A `call` rule that applies `fault` to calls of `method` (and, with `when`, only those it picks). */
export function onMethod(method: string, fault: CallFault, when: (call: RpcCall) => boolean = () => true): (call: RpcCall) => CallFault | undefined {
  return (call) => (call.method === method && when(call) ? fault : undefined)
}

/** The logs in an `eth_getLogs` answer's text: each has one `logIndex`. */
function logsIn(text: string): number {
  let count = 0
  for (let at = text.indexOf('"logIndex"'); at >= 0; at = text.indexOf('"logIndex"', at + 10)) count++
  return count
}
