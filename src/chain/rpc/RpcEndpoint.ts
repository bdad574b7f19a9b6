import { HttpRequestError, RpcRequestError, TimeoutError } from 'viem'
import type { Agent } from 'node:http'
import { CallBudget } from './CallBudget.js'
import { agentFor, postJson, type HttpAnswer, type PostFailed } from './postJson.js'
import { AttemptFailed, type FaultKind, type RpcErrorObject } from './rpcFaults.js'

/** One JSON-RPC call on the wire. */
export interface WireCall {
  jsonrpc: '2.0'
  id: number
  method: string
  params?: unknown
}

/** What a node answered for one call. */
export type WireAnswer = { id: number; result: unknown } | { id: number; error: RpcErrorObject }

/** Told about every node attempt (metrics). `endpoint` is a label without credentials. */
export interface RpcObserver {
  attempt(chainId: number, endpoint: string, outcome: 'ok' | FaultKind, seconds: number): void
  breaker(chainId: number, endpoint: string, open: boolean): void
  head(chainId: number, endpoint: string, head: bigint): void
  /** The node was found answering for chain `nodeChainId` (out of rotation), or for its own again (undefined). */
  wrongChain(chainId: number, endpoint: string, nodeChainId: number | undefined): void
}

/** Consecutive failures that open an endpoint's breaker. */
const FAILURES_TO_OPEN = 2
const FIRST_COOLDOWN_MS = 1_000
const LONGEST_COOLDOWN_MS = 30_000
/** Without a measured latency, a call is hedged to the next node after this long. */
const DEFAULT_HEDGE_MS = 300
const MIN_HEDGE_MS = 100
const MAX_HEDGE_MS = 1_000

/**
 * One RPC URL of a chain and what the service has seen of it: latency, consecutive failures, a
 * breaker that keeps it out of rotation for a growing cooldown after repeated failures, and the
 * head block it last reported (to spot a node lagging behind the others).
 */
export class RpcEndpoint {
  /** Scheme, host and port only: URLs often carry an API key in their path or query. */
  readonly label: string
  /** The URL as logs and operator messages may name it (see urlForLogs). */
  readonly shownUrl: string
  private latencyMs: number | undefined
  private failures = 0
  private cooldownMs = FIRST_COOLDOWN_MS
  private openUntil = 0
  head: bigint | undefined
  headAt = 0
  /** Last time the node answered anything, epoch ms. */
  lastOkAt = 0
  /**
   * The chain id the node last answered when it is not this URL's chain: the node is out of
   * rotation (its answers would be another chain's state) until it answers this chain's again.
   */
  wrongChainId: number | undefined
  /** Last time the node's chain id was checked, epoch ms. */
  chainIdAt = 0
  private readonly target: URL
  private readonly agent: Agent
  private readonly budget: CallBudget | undefined

  constructor(
    readonly url: string,
    readonly index: number,
    private readonly chainId: number,
    private readonly observer?: RpcObserver,
    /** The node's request budget (RPC_CALLS_PER_SECOND_<id>): calls per second, each of a batch counted. */
    callsPerSecond?: number,
  ) {
    this.budget = callsPerSecond === undefined ? undefined : new CallBudget(callsPerSecond)
    this.target = new URL(url)
    this.agent = agentFor(this.target)
    this.shownUrl = urlForLogs(this.target)
    this.label = `${index}:${this.shownUrl}`
  }

  /** A node answering for another chain is never asked: a slow answer is better than another chain's. */
  isWrongChain(): boolean {
    return this.wrongChainId !== undefined
  }

  /** Records the chain id the node answered (eth_chainId); a change in or out of the wrong chain is reported. */
  sawChainId(nodeChainId: number): void {
    this.chainIdAt = Date.now()
    const wrong = nodeChainId === this.chainId ? undefined : nodeChainId
    if (wrong !== this.wrongChainId) this.observer?.wrongChain(this.chainId, this.label, wrong)
    this.wrongChainId = wrong
  }

  isOpen(now = Date.now()): boolean {
    return now < this.openUntil
  }

  /** When an open breaker lets calls through again, epoch ms. */
  reopensAt(): number {
    return this.openUntil
  }

  /** How long to wait for this node before asking the next one as well, ms. */
  hedgeDelayMs(): number {
    if (this.latencyMs === undefined) return DEFAULT_HEDGE_MS
    return Math.min(MAX_HEDGE_MS, Math.max(MIN_HEDGE_MS, 3 * this.latencyMs + 50))
  }

  succeeded(ms: number): void {
    this.latencyMs = this.latencyMs === undefined ? ms : 0.8 * this.latencyMs + 0.2 * ms
    this.lastOkAt = Date.now()
    this.failures = 0
    this.cooldownMs = FIRST_COOLDOWN_MS
    if (this.openUntil !== 0) {
      this.openUntil = 0
      this.observer?.breaker(this.chainId, this.label, false)
    }
    this.observer?.attempt(this.chainId, this.label, 'ok', ms / 1000)
  }

  /** Records a fault; enough of them (or one rate limit) open the breaker. Pruned state is no fault of health. */
  failed(kind: FaultKind, ms: number, retryAfterMs?: number): void {
    this.observer?.attempt(this.chainId, this.label, kind, ms / 1000)
    if (kind === 'pruned') return
    this.failures += 1
    if (kind !== 'rate-limited' && this.failures < FAILURES_TO_OPEN) return
    const cooldown = kind === 'rate-limited' && retryAfterMs !== undefined ? retryAfterMs : this.cooldownMs
    this.openUntil = Date.now() + Math.min(cooldown, LONGEST_COOLDOWN_MS)
    this.cooldownMs = Math.min(this.cooldownMs * 2, LONGEST_COOLDOWN_MS)
    this.observer?.breaker(this.chainId, this.label, true)
  }

  sawHead(head: bigint): void {
    this.head = head
    this.headAt = Date.now()
    this.observer?.head(this.chainId, this.label, head)
  }

  /**
   * Sends `calls` (one JSON-RPC batch when there are several) and returns the node's answer to
   * each, by id. Throws AttemptFailed when the node does not answer in `timeoutMs`, the
   * connection fails, the status is not 200, or the body is not JSON-RPC.
   */
  async post(calls: readonly WireCall[], signal: AbortSignal, timeoutMs: number): Promise<Map<number, WireAnswer>> {
    const body = calls.length === 1 ? calls[0]! : calls
    const answered = await this.budget?.take(calls.length)
    let answer: HttpAnswer
    try {
      answer = await postJson(this.target, this.agent, JSON.stringify(body), signal, timeoutMs)
    } catch (error) {
      const failure = error as PostFailed
      if (failure.timedOut) throw new AttemptFailed('timeout', new TimeoutError({ body: body as never, url: this.url }))
      throw new AttemptFailed('network', new HttpRequestError({ body: body as never, url: this.url, details: failure.message, cause: failure }))
    } finally {
      answered?.()
    }
    if (answer.status !== 200) {
      const retryAfter = Number(answer.headers['retry-after'])
      const failure = new HttpRequestError({ body: body as never, url: this.url, status: answer.status, details: answer.text.slice(0, 200) })
      throw new AttemptFailed(
        answer.status === 429 ? 'rate-limited' : 'http',
        failure,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
      )
    }
    const answers = parseAnswers(answer.text, calls)
    if (!answers)
      throw new AttemptFailed(
        'garbage',
        new HttpRequestError({ body: body as never, url: this.url, details: `the node's answer is not JSON-RPC: ${answer.text.slice(0, 80)}` }),
      )
    return answers
  }

  /** Closes the idle keep-alive connections to this node. */
  close(): void {
    this.agent.destroy()
  }
}

/** Scheme, host and port of a node URL: its path, query and user info often carry an API key. */
export function urlForLogs(url: URL): string {
  return `${url.protocol}//${url.host}`
}

/** The answers in `text` by id; a batch-level error applies to every call; undefined when it is not JSON-RPC. */
function parseAnswers(text: string, calls: readonly WireCall[]): Map<number, WireAnswer> | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  const answers = new Map<number, WireAnswer>()
  const list = Array.isArray(parsed) ? parsed : [parsed]
  for (const item of list) {
    if (typeof item !== 'object' || item === null) return undefined
    const answer = item as { id?: unknown; result?: unknown; error?: RpcErrorObject }
    if (answer.error && typeof answer.error === 'object') {
      // A node that refuses the whole batch answers one error with a null id: the calls go one by one.
      if ((answer.id === null || answer.id === undefined) && calls.length > 1) throw new BatchRefused(answer.error)
      if (answer.id === null || answer.id === undefined) for (const call of calls) answers.set(call.id, { id: call.id, error: answer.error })
      else answers.set(Number(answer.id), { id: Number(answer.id), error: answer.error })
    } else if ('result' in answer) {
      answers.set(Number(answer.id), { id: Number(answer.id), result: answer.result })
    } else {
      return undefined
    }
  }
  return calls.some((call) => answers.has(call.id)) ? answers : undefined
}

/** A node refused a JSON-RPC batch as a whole (some providers take no batches, or none this large). */
export class BatchRefused extends Error {
  constructor(readonly error: RpcErrorObject) {
    super(`the node refused the batch: ${error.message}`)
  }
}

/** The viem error for a JSON-RPC error answer, as viem's own `http` transport builds it. */
export function rpcAnswerError(call: WireCall, url: string, error: RpcErrorObject): RpcRequestError {
  return new RpcRequestError({ body: call as never, error, url })
}
