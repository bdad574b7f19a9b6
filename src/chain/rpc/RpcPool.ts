import { TimeoutError, type HttpRequestError, type RpcRequestError } from 'viem'
import { batchesOf, type Queued, type Scoped } from './callBatches.js'
import { askChainId, type ChainMismatch } from './chainIdentity.js'
import { hedgedRace } from './hedgedRace.js'
import { askOrder, type ChainHealth, healthOf, probeHeads } from './nodeHealth.js'
import type { RequestScope } from './requestScope.js'
import { RpcEndpoint, rpcAnswerError, type RpcObserver, type WireCall } from './RpcEndpoint.js'
import { callOutcomeOf, classifyRpcError, type CallOutcome } from './rpcFaults.js'

export type { ChainHealth, ChainMismatch, RpcObserver }

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
  /** Each URL's request budget, calls per second (each of a batch counted); none when absent. */
  callsPerSecond?: number
  /** Called when each JSON-RPC call settles: its method, outcome and seconds from asking to answer. */
  onCall?: (method: string, outcome: CallOutcome, seconds: number) => void
}

/** Pause between passes over the nodes, ms. */
const PASS_PAUSE_MS = 100

/** How long a check of the nodes' chain ids waits for the slower nodes once one has answered, ms. */
const CHAIN_CHECK_GRACE_MS = 1_000

/**
 * The nodes of one chain behind one `call`: every call has one deadline (the client request's,
 * else the background budget) across retries and fallbacks; the first healthy node in rank order
 * is asked, and when it is slow past its hedge delay or fails, the next is asked too and the first
 * answer wins. Nodes that keep failing or rate-limit sit out a growing cooldown; nodes lagging
 * behind the best head are asked last; nodes answering for another chain (eth_chainId, asked by
 * the health checks) are not asked at all. Calls client requests start in one turn of the event loop
 * travel together in JSON-RPC batches (up to 1 MiB and 16 calls each, side by side), so concurrent
 * requests share the HTTP work at both ends. Deterministic errors (reverts, bad params) are answers, not faults.
 * The batches are cut in callBatches.ts, the hedged race over the nodes runs in hedgedRace.ts, and
 * their health, order and probes are in nodeHealth.ts; this class queues, retries and settles calls.
 */
export class RpcPool {
  readonly endpoints: RpcEndpoint[]
  private nextId = 1
  private probeTimer: NodeJS.Timeout | undefined
  private probing: Promise<void> | undefined
  /** The scoped calls started in this turn of the event loop, sent together when it ends. */
  private turn: Scoped[] | undefined

  constructor(private readonly options: RpcPoolOptions) {
    this.endpoints = options.urls.map((url, index) => new RpcEndpoint(url, index, options.chainId, options.observer, options.callsPerSecond))
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

  /** The URL the next call goes to first, by health and rank (no call is made). */
  firstUrl(now = Date.now()): string {
    return askOrder(this.endpoints, this.options.maxLagBlocks, now)[0]?.url ?? this.endpoints[0]!.url
  }

  /** What the service knows of its nodes' health now (no call is made). */
  health(now = Date.now()): ChainHealth {
    return healthOf(this.endpoints, this.options, now)
  }

  /** Asks each node for its head (a node that reported one within the interval is spared). */
  probe(): Promise<void> {
    return probeHeads(this.endpoints, this.options.probeIntervalMs, () => this.nextId++)
  }

  /**
   * Asks every node its chain id now. Those answering for another chain leave the rotation (until
   * they answer this chain's again) and are returned; a node that does not answer, or answers more
   * than CHAIN_CHECK_GRACE_MS after the first one did, is left to the health checks: a hung node is
   * never waited out (a start would wait its whole timeout).
   */
  async checkChainIds(): Promise<ChainMismatch[]> {
    const answers: (number | undefined)[] = this.endpoints.map(() => undefined)
    const asked = this.endpoints.map((endpoint, index) =>
      askChainId(endpoint, this.nextId++, this.options.attemptTimeoutMs).then((nodeChainId) => {
        answers[index] = nodeChainId
        return nodeChainId === undefined ? Promise.reject(new Error('no answer')) : nodeChainId
      }),
    )
    const graceAfterFirst = Promise.any(asked).then(
      () => new Promise((resolve) => setTimeout(resolve, CHAIN_CHECK_GRACE_MS).unref()),
      () => undefined,
    )
    await Promise.race([Promise.allSettled(asked), graceAfterFirst])
    return this.endpoints.flatMap((endpoint, index) => {
      const nodeChainId = answers[index]
      return nodeChainId === undefined || nodeChainId === this.options.chainId ? [] : [{ chainId: this.options.chainId, url: endpoint.shownUrl, nodeChainId }]
    })
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

  /** Sends the calls until each has an answer, its fault has been tried on every node `passes` times, or the deadline passes. */
  private async send(queued: Queued[], deadline: number): Promise<void> {
    let pending = queued
    let lastError: HttpRequestError | TimeoutError | RpcRequestError | undefined
    for (let pass = 0; pass < this.options.passes && pending.length > 0; pass++) {
      if (pass > 0) await sleep(Math.min(PASS_PAUSE_MS, deadline - Date.now()))
      const spent = new Set<RpcEndpoint>()
      while (pending.length > 0 && Date.now() < deadline) {
        const candidates = askOrder(this.endpoints, this.options.maxLagBlocks, Date.now()).filter((endpoint) => !spent.has(endpoint))
        if (candidates.length === 0) break
        const outcome = await hedgedRace(
          candidates,
          pending.map((item) => item.call),
          deadline,
          this.options,
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
            if (item.call.method === 'eth_chainId' && typeof answer.result === 'string') {
              // A node of another chain leaves the rotation; the call is asked of this chain's nodes.
              outcome.endpoint.sawChainId(Number(BigInt(answer.result)))
              if (outcome.endpoint.isWrongChain()) {
                retry.push(item)
                continue
              }
            }
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
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
}
