import { TimeoutError, type HttpRequestError, type RpcRequestError } from 'viem'
import type { RequestScope } from './requestScope.js'
import { BatchRefused, RpcEndpoint, rpcAnswerError, type RpcObserver, type WireAnswer, type WireCall } from './RpcEndpoint.js'

export type { RpcObserver }
import { AttemptFailed, callOutcomeOf, classifyRpcError, type CallOutcome } from './rpcFaults.js'

export interface RpcPoolOptions {
  chainId: number
  /** Ranked: the first healthy one is asked first. */
  urls: readonly string[]
  /** Longest one attempt on one node may take, ms (a request's deadline cuts it shorter). */
  attemptTimeoutMs: number
  /** Passes over the nodes before a call fails (1 + retries), within the deadline. */
  passes: number
  /** Budget of a call made outside any client request (the refresher's work), ms. */
  backgroundBudgetMs: number
  /** A node whose head is more than this many blocks behind the best one is asked last. */
  maxLagBlocks: number
  /** How often each node's head and health are checked while checks run, ms. */
  probeIntervalMs: number
  observer?: RpcObserver
  /** Called when each JSON-RPC call settles: its method, outcome and seconds from asking to answer. */
  onCall?: (method: string, outcome: CallOutcome, seconds: number) => void
}

/** The health of a chain's nodes as last seen, without asking them now. */
export interface ChainHealth {
  /** Some node answered recently and its breaker is closed. */
  ready: boolean
  /** The highest head any node reported. */
  head: bigint | undefined
  endpoints: { endpoint: string; open: boolean; head: string | undefined; lagging: boolean; lastOkAgoMs: number | undefined }[]
}

interface Queued {
  call: WireCall
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** A call made within a client request's scope, and that scope's deadline. */
interface Scoped {
  queued: Queued
  deadline: number
}

/** Calls that go to the node as one JSON-RPC batch, and the deadline they share. */
interface Batch {
  calls: Queued[]
  deadline: number
}

interface Attempted {
  ok: true
  endpoint: RpcEndpoint
  answers: Map<number, WireAnswer>
}

/** Pause between passes over the nodes, ms. */
const PASS_PAUSE_MS = 100
/** A probe waits this long for a node's head at most, ms. */
const PROBE_TIMEOUT_MS = 1_000

/**
 * The nodes of one chain behind one `call`: every call has one deadline (the client request's,
 * else the background budget) across retries and fallbacks; the first healthy node in rank order
 * is asked, and when it is slow past its hedge delay or fails, the next is asked too and the first
 * answer wins. Nodes that keep failing or rate-limit sit out a growing cooldown; nodes lagging
 * behind the best head are asked last. Calls client requests start in one turn of the event loop
 * travel together in JSON-RPC batches (up to 1 MiB and 16 calls each, side by side), so concurrent
 * requests share the HTTP work at both ends. Deterministic errors (reverts, bad params) are answers, not faults.
 */
export class RpcPool {
  readonly endpoints: RpcEndpoint[]
  private nextId = 1
  private probeTimer: NodeJS.Timeout | undefined
  private probing: Promise<void> | undefined
  /** The scoped calls started in this turn of the event loop, sent together when it ends. */
  private turn: Scoped[] | undefined

  constructor(private readonly options: RpcPoolOptions) {
    this.endpoints = options.urls.map((url, index) => new RpcEndpoint(url, index, options.chainId, options.observer))
  }

  /**
   * One JSON-RPC call (as EIP-1193 `request` takes it). Within a client request's `scope`, it
   * keeps the request's deadline and goes out in one JSON-RPC batch with every other scoped call
   * started in the same turn of the event loop, whichever request started it; without one (the
   * refresher's own work), alone, within the background budget.
   */
  call({ method, params }: { method: string; params?: unknown }, scope?: RequestScope): Promise<unknown> {
    const call: WireCall = { jsonrpc: '2.0', id: this.nextId++, method, ...(params !== undefined && { params }) }
    return new Promise((resolve, reject) => {
      const queued = this.options.onCall ? this.observed(call, resolve, reject) : { call, resolve, reject }
      if (!scope) return void this.send([queued], Date.now() + this.options.backgroundBudgetMs)
      if (!this.turn) {
        const turn: Scoped[] = []
        this.turn = turn
        setImmediate(() => {
          this.turn = undefined
          for (const batch of batchesOf(turn)) void this.send(batch.calls, batch.deadline)
        })
      }
      this.turn.push({ queued, deadline: scope.deadline })
    })
  }

  /** A queued call that reports its outcome and time to `onCall` when it settles. */
  private observed(call: WireCall, resolve: (value: unknown) => void, reject: (error: unknown) => void): Queued {
    const started = performance.now()
    const report = (outcome: CallOutcome) => this.options.onCall!(call.method, outcome, (performance.now() - started) / 1000)
    return {
      call,
      resolve: (value) => {
        report('ok')
        resolve(value)
      },
      reject: (error) => {
        report(callOutcomeOf(error))
        reject(error)
      },
    }
  }

  /** What the service knows of its nodes' health now (no call is made). */
  health(now = Date.now()): ChainHealth {
    const best = this.bestHead()
    const fresh = (endpoint: RpcEndpoint) => endpoint.lastOkAt > 0 && now - endpoint.lastOkAt <= this.readyWindowMs()
    return {
      ready: this.endpoints.some((endpoint) => fresh(endpoint) && !endpoint.isOpen(now)),
      head: best,
      endpoints: this.endpoints.map((endpoint) => ({
        endpoint: endpoint.label,
        open: endpoint.isOpen(now),
        head: endpoint.head?.toString(),
        lagging: this.lagging(endpoint, best),
        lastOkAgoMs: endpoint.lastOkAt ? now - endpoint.lastOkAt : undefined,
      })),
    }
  }

  /**
   * Checks every node's head now and then every `probeIntervalMs`, skipping nodes that just told
   * it. Resolves when the first round is done.
   */
  startProbes(): Promise<void> {
    if (this.probing) return this.probing
    const round = (): Promise<void> =>
      this.probe().finally(() => {
        if (this.probing) this.probeTimer = setTimeout(() => void round(), this.options.probeIntervalMs).unref()
      })
    this.probing = round()
    return this.probing
  }

  stopProbes(): void {
    clearTimeout(this.probeTimer)
    this.probing = undefined
  }

  /** Stops the health checks and closes the idle connections to every node. */
  close(): void {
    this.stopProbes()
    for (const endpoint of this.endpoints) endpoint.close()
  }

  /** Asks each node for its head (a node that reported one within the interval is spared). */
  async probe(): Promise<void> {
    const now = Date.now()
    await Promise.all(
      this.endpoints.map(async (endpoint) => {
        if (now - endpoint.headAt < this.options.probeIntervalMs / 2) return
        const call: WireCall = { jsonrpc: '2.0', id: this.nextId++, method: 'eth_blockNumber' }
        const startedAt = Date.now()
        try {
          const answer = (await endpoint.post([call], new AbortController().signal, PROBE_TIMEOUT_MS)).get(call.id)
          if (!answer || !('result' in answer))
            throw new AttemptFailed(
              'unavailable',
              rpcAnswerError(call, endpoint.url, answer && 'error' in answer ? answer.error : { code: -32603, message: 'no answer' }),
            )
          endpoint.sawHead(BigInt(answer.result as string))
          endpoint.succeeded(Date.now() - startedAt)
        } catch (error) {
          endpoint.failed(error instanceof AttemptFailed ? error.kind : 'network', Date.now() - startedAt)
        }
      }),
    )
  }

  private readyWindowMs(): number {
    return Math.max(3 * this.options.probeIntervalMs, 10_000)
  }

  private bestHead(): bigint | undefined {
    return this.endpoints.reduce<bigint | undefined>(
      (best, endpoint) => (endpoint.head !== undefined && (best === undefined || endpoint.head > best) ? endpoint.head : best),
      undefined,
    )
  }

  private lagging(endpoint: RpcEndpoint, best: bigint | undefined): boolean {
    return best !== undefined && endpoint.head !== undefined && endpoint.head + BigInt(this.options.maxLagBlocks) < best
  }

  /** Nodes in the order to ask them: closed breakers before open ones, in step before lagging, then by rank. */
  private order(now: number): RpcEndpoint[] {
    const best = this.bestHead()
    const weight = (endpoint: RpcEndpoint) => (endpoint.isOpen(now) ? 2 : 0) + (this.lagging(endpoint, best) ? 1 : 0)
    return [...this.endpoints].sort((a, b) => weight(a) - weight(b) || (a.isOpen(now) && b.isOpen(now) ? a.reopensAt() - b.reopensAt() : a.index - b.index))
  }

  /** Sends the calls until each has an answer, its fault has been tried on every node `passes` times, or the deadline passes. */
  private async send(queued: Queued[], deadline: number): Promise<void> {
    let pending = queued
    let lastError: HttpRequestError | TimeoutError | RpcRequestError | undefined
    for (let pass = 0; pass < this.options.passes && pending.length > 0; pass++) {
      if (pass > 0) await sleep(Math.min(PASS_PAUSE_MS, deadline - Date.now()))
      const spent = new Set<RpcEndpoint>()
      while (pending.length > 0 && Date.now() < deadline) {
        const candidates = this.order(Date.now()).filter((endpoint) => !spent.has(endpoint))
        if (candidates.length === 0) break
        const outcome = await this.race(
          candidates,
          pending.map((item) => item.call),
          deadline,
        )
        if (outcome.ok === 'split') {
          // The node takes no batch: each call on its own, side by side.
          await Promise.all(pending.map((item) => this.send([item], deadline)))
          return
        }
        if (!outcome.ok) {
          for (const endpoint of outcome.tried) spent.add(endpoint)
          lastError = outcome.error
          continue
        }
        spent.add(outcome.endpoint)
        const retry: Queued[] = []
        for (const item of pending) {
          const answer = outcome.answers.get(item.call.id)
          if (answer && 'result' in answer) {
            if (item.call.method === 'eth_blockNumber' && typeof answer.result === 'string') outcome.endpoint.sawHead(BigInt(answer.result))
            item.resolve(answer.result)
            continue
          }
          if (!answer) {
            retry.push(item)
            continue
          }
          const error = rpcAnswerError(item.call, outcome.endpoint.url, answer.error)
          const kind = classifyRpcError(answer.error)
          if (kind === 'final') {
            item.reject(error)
            continue
          }
          outcome.endpoint.failed(kind, 0)
          lastError = error
          retry.push(item)
        }
        pending = retry
      }
      if (Date.now() >= deadline) break
    }
    if (pending.length === 0) return
    const error =
      Date.now() >= deadline || !lastError
        ? new TimeoutError({ body: pending.map((item) => item.call) as never, url: `chain ${this.options.chainId}` })
        : lastError
    for (const item of pending) item.reject(error)
  }

  /**
   * Asks `candidates[0]`; when it is slower than its hedge delay or fails, asks the next as well,
   * and so on. The first node to answer wins and the others are cancelled; a node that was
   * overtaken after its hedge delay counts a timeout. Resolves with the winner's answers, or
   * the last failure once every candidate failed.
   */
  private race(
    candidates: RpcEndpoint[],
    calls: WireCall[],
    deadline: number,
  ): Promise<Attempted | { ok: 'split' } | { ok: false; tried: RpcEndpoint[]; error: HttpRequestError | TimeoutError | RpcRequestError }> {
    return new Promise((resolve) => {
      const running = new Map<RpcEndpoint, { controller: AbortController; startedAt: number; hedge: NodeJS.Timeout | undefined }>()
      const tried: RpcEndpoint[] = []
      let settled = false
      let lastError: HttpRequestError | TimeoutError | RpcRequestError | undefined
      const launch = () => {
        if (settled) return
        const endpoint = candidates[tried.length]
        const remaining = deadline - Date.now()
        if (!endpoint || remaining <= 0) {
          if (running.size === 0)
            finish({ ok: false, tried, error: lastError ?? new TimeoutError({ body: calls as never, url: `chain ${this.options.chainId}` }) })
          return
        }
        tried.push(endpoint)
        const controller = new AbortController()
        const startedAt = Date.now()
        const hedge = tried.length < candidates.length ? setTimeout(launch, endpoint.hedgeDelayMs()) : undefined
        running.set(endpoint, { controller, startedAt, hedge })
        endpoint.post(calls, controller.signal, Math.min(this.options.attemptTimeoutMs, remaining)).then(
          (answers) => {
            clearTimeout(hedge)
            running.delete(endpoint)
            if (settled) return
            endpoint.succeeded(Date.now() - startedAt)
            finish({ ok: true, endpoint, answers })
          },
          (error: unknown) => {
            clearTimeout(hedge)
            running.delete(endpoint)
            if (settled) return
            if (error instanceof BatchRefused) return finish({ ok: 'split' })
            const failure = error instanceof AttemptFailed ? error : undefined
            endpoint.failed(failure?.kind ?? 'network', Date.now() - startedAt, failure?.retryAfterMs)
            lastError = failure?.error ?? lastError
            launch()
          },
        )
      }
      const finish = (outcome: Attempted | { ok: 'split' } | { ok: false; tried: RpcEndpoint[]; error: HttpRequestError | TimeoutError | RpcRequestError }) => {
        settled = true
        const now = Date.now()
        for (const [endpoint, attempt] of running) {
          clearTimeout(attempt.hedge)
          attempt.controller.abort()
          // Still silent after another node answered: as good as timed out for this call.
          if (outcome.ok === true && now - attempt.startedAt >= endpoint.hedgeDelayMs()) endpoint.failed('timeout', now - attempt.startedAt)
        }
        running.clear()
        resolve(outcome)
      }
      launch()
    })
  }
}

/**
 * Nodes refuse JSON-RPC batches past a size (anvil answers "JSON is not a valid request object"
 * to a few MB): calls are grouped up to this many bytes, and the groups go in parallel.
 */
const MAX_BATCH_BYTES = 1024 * 1024
/**
 * Calls per batch at most. A batch is answered only when its slowest call is done, and while the
 * node finishes the last calls of a large one, its other cores wait: with 16 builds in flight on
 * the bench, the machine sat idle about 270 µs per build with batches of up to 100 calls against
 * 190 µs with 16 (85 µs forwarding each build's own batch), for no more CPU in the service. Small
 * batches side by side keep the node's cores busy and still share most of the HTTP work. Providers
 * cap the calls of one batch too, some well under 100.
 */
const MAX_BATCH_CALLS = 16
/**
 * A batch keeps the earliest deadline of its calls, so calls travel together only when their
 * deadlines are this close, ms: those of requests started together differ by how long each had
 * waited before (milliseconds, against budgets of seconds), and a call is never given up more
 * than this before its own deadline.
 */
const DEADLINE_SLACK_MS = 100

/**
 * The scoped calls of one turn (sorted in place) cut into batches, earliest deadline first:
 * each within MAX_BATCH_BYTES, MAX_BATCH_CALLS and DEADLINE_SLACK_MS, with the earliest deadline
 * of its calls.
 */
function batchesOf(scoped: Scoped[]): Batch[] {
  const batches: Batch[] = []
  let batch: Batch | undefined
  let size = 0
  for (const { queued, deadline } of scoped.sort((a, b) => a.deadline - b.deadline)) {
    const bytes = jsonLength(queued.call.params ?? null) + queued.call.method.length + 40
    if (!batch || size + bytes > MAX_BATCH_BYTES || batch.calls.length >= MAX_BATCH_CALLS || deadline - batch.deadline > DEADLINE_SLACK_MS) {
      batch = { calls: [], deadline }
      batches.push(batch)
      size = 0
    }
    batch.calls.push(queued)
    size += bytes
  }
  return batches
}

/**
 * The length of `value` written as JSON, without writing it: a snapshot's batch is about 1 MB,
 * and writing it once here to measure it, and again to send it, cost the refresher about 20 ms a
 * block with 500 vaults and 500 pools. Escapes are not counted; what a node call carries (hex,
 * addresses, block tags) has none.
 */
function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length + 2
  // Brackets and separators: one per item plus one (two when empty).
  if (Array.isArray(value))
    return Math.max(
      2,
      value.reduce((length: number, item) => length + jsonLength(item) + 1, 1),
    )
  if (typeof value === 'object' && value !== null) {
    let length = 1
    for (const [key, item] of Object.entries(value)) if (item !== undefined) length += key.length + 4 + jsonLength(item)
    return Math.max(2, length)
  }
  return String(value).length
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}
