import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { requestScope, type RequestScope } from '../../chain/index.js'
import { withinRequest, type Freshness, type ServiceContext } from '../../answer-state/index.js'
import type { AppDeps } from '../deps.js'
import { blockHeaders } from './freshnessHeaders.js'

/** What a route computes for an aggregate answer: its body, freshness and extra headers. */
export interface AggregateAnswer {
  freshness?: Freshness
  /** Headers that belong to the answer (`x-omitted-*`). */
  headers?: Record<string, string>
  body: unknown
}

/** An answer serialized once: its bytes, and the headers that stay the same while it is kept. */
export interface KeptAnswer {
  bytes: Buffer
  etag: string
  /** The route's own headers, the block numbers, the entity tag and the content type. */
  headers: Record<string, string>
  /** The pattern of the route that computed it (for metrics and logs). */
  route: string
  /** When the oldest chain state behind the answer was read, ms since the epoch (see Freshness). */
  takenAt: number | undefined
  /** The chains whose snapshots the answer was computed from. */
  chainIds: number[]
}

/** The snapshots answers are computed from, as the kept answers need to know them. */
export interface AnswerSource {
  /**
   * Names the snapshots of every chain: it changes when a chain's snapshot is taken again, not
   * when one is only confirmed current. Undefined while some chain has none (answers are read live).
   */
  state(): string | undefined
  /** When the snapshot of `chainId` was taken or last confirmed current, ms since the epoch. */
  takenAt(chainId: number): number | undefined
}

/** The `cache-control` of a stale answer: a cache must ask again. */
const STALE = 'public, max-age=0, must-revalidate'

/** Answers kept at most, and their bytes at most: past either, the oldest go. */
const MAX_ANSWERS = 2_000
const MAX_BYTES = 16 * 1024 * 1024

/**
 * Aggregate answers computed and serialized once per snapshot and query, not once per request:
 * the bytes are kept under the request URL while the snapshots stay the same, and a request for
 * a kept answer runs no service at all. Only the answers of the current snapshots are kept (those
 * of past ones are never asked again), so memory holds one set of answers, not one per snapshot.
 * A snapshot confirmed current keeps its answers; their `age` follows the confirmation. The ETag
 * hashes the bytes, so an unchanged answer keeps its tag across snapshots and a client's
 * `If-None-Match` gets a 304 with no body.
 */
export class SerializedAnswers<Context = ServiceContext> {
  private readonly kept = new Map<string, KeptAnswer>()
  /** Answers being computed for the kept state, by URL: a request that comes meanwhile waits for it. */
  private readonly computing = new Map<string, Promise<KeptAnswer>>()
  private keptBytes = 0
  /** The state the kept answers belong to. */
  private keptState: string | undefined
  /** The `cache-control` of a fresh answer. */
  private readonly fresh: string

  constructor(
    private readonly source: AnswerSource,
    private readonly settings: {
      staleAfterMs: number
      /** Seconds a client or cache may reuse an answer: the refresh interval. */
      maxAgeSeconds: number
      /** One deadline for the node calls of computing an answer. */
      requestBudgetMs: number
    },
    /** The context an answer is computed in, its node calls within `scope`. */
    private readonly contextWithin: (scope: RequestScope) => Context,
  ) {
    this.fresh = `public, max-age=${settings.maxAgeSeconds}`
  }

  /**
   * The answer kept for `url` under the current snapshots, or undefined when there is none (not
   * asked yet, or some chain has no snapshot). The kept reads answer from it before routing
   * (keptReads.ts); `send` does for every other request.
   */
  keptFor(url: string): KeptAnswer | undefined {
    const state = this.source.state()
    if (state !== this.keptState) this.forget(state)
    return state === undefined ? undefined : this.kept.get(url)
  }

  /** The headers that say how fresh a kept answer is now: `age`, `x-stale` and `cache-control`. */
  freshnessOf(answer: KeptAnswer): Record<string, string> {
    return this.freshnessAt(this.confirmedAt(answer))
  }

  /** Sends the kept answer for this URL and state, or computes, serializes (with the route's own response schema) and keeps it. */
  async send(request: FastifyRequest, reply: FastifyReply, compute: (ctx: Context) => Promise<AggregateAnswer>): Promise<FastifyReply> {
    const kept = this.keptFor(request.url)
    const answer = kept ?? (await this.computeFor(request, reply, compute))
    reply.headers(answer.headers)
    reply.headers(kept ? this.freshnessOf(kept) : this.freshnessAt(answer.takenAt))
    if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
    return reply.send(answer.bytes)
  }

  private computeFor(request: FastifyRequest, reply: FastifyReply, compute: (ctx: Context) => Promise<AggregateAnswer>): Promise<KeptAnswer> {
    const state = this.source.state()
    return state === undefined ? this.compute(reply, compute) : this.computeOnce(request.url, state, reply, compute)
  }

  private freshnessAt(takenAt: number | undefined): Record<string, string> {
    const ageMs = takenAt === undefined ? undefined : Math.max(0, Date.now() - takenAt)
    if (ageMs === undefined) return { 'cache-control': this.fresh }
    if (ageMs <= this.settings.staleAfterMs) return { age: String(Math.floor(ageMs / 1000)), 'cache-control': this.fresh }
    return { age: String(Math.floor(ageMs / 1000)), 'x-stale': 'true', 'cache-control': STALE }
  }

  /**
   * Computes the answer for `url` under `state` once, however many requests ask for it meanwhile:
   * when a new snapshot arrives, every URL in demand is asked for again at once, and computing it
   * once per request would stall the replica exactly then. Kept unless a snapshot was taken while
   * it was computed (an answer of the past).
   */
  private computeOnce(url: string, state: string, reply: FastifyReply, compute: (ctx: Context) => Promise<AggregateAnswer>): Promise<KeptAnswer> {
    const pending = this.computing.get(url)
    if (pending) return pending
    const computed = this.compute(reply, compute).then((answer) => {
      if (state === this.keptState && state === this.source.state()) this.keep(url, answer)
      return answer
    })
    const settled = () => {
      if (this.computing.get(url) === computed) this.computing.delete(url)
    }
    computed.then(settled, settled)
    this.computing.set(url, computed)
    return computed
  }

  private async compute(reply: FastifyReply, compute: (ctx: Context) => Promise<AggregateAnswer>): Promise<KeptAnswer> {
    return serialize(reply, await compute(this.contextWithin(requestScope(this.settings.requestBudgetMs))))
  }

  /** When the oldest chain state behind a kept answer was read or since confirmed current, ms since the epoch. */
  private confirmedAt(answer: KeptAnswer): number | undefined {
    if (answer.takenAt === undefined) return undefined
    let oldest = Infinity
    for (const chainId of answer.chainIds) oldest = Math.min(oldest, this.source.takenAt(chainId) ?? answer.takenAt)
    return Math.max(answer.takenAt, oldest === Infinity ? answer.takenAt : oldest)
  }

  private forget(state: string | undefined): void {
    this.kept.clear()
    this.computing.clear()
    this.keptBytes = 0
    this.keptState = state
  }

  private keep(url: string, answer: KeptAnswer): void {
    this.kept.delete(url)
    this.kept.set(url, answer)
    this.keptBytes += answer.bytes.length
    for (const [oldest, { bytes }] of this.kept) {
      if (this.kept.size <= MAX_ANSWERS && this.keptBytes <= MAX_BYTES) break
      this.kept.delete(oldest)
      this.keptBytes -= bytes.length
    }
  }
}

/** Serializes a computed answer with the route's own serializer, and builds the headers that go with it. */
function serialize(reply: FastifyReply, computed: AggregateAnswer): KeptAnswer {
  const bytes = Buffer.from(reply.serialize(computed.body) as string)
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`
  const freshness = computed.freshness
  const headers = { ...computed.headers, ...(freshness && blockHeaders(freshness)), etag, 'content-type': 'application/json; charset=utf-8' }
  const route = reply.request.routeOptions.url ?? reply.request.url
  return { bytes, etag, headers, route, takenAt: freshness?.takenAt, chainIds: Object.keys(freshness?.blocks ?? {}).map(Number) }
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, lists and `*` included). */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}

/**
 * One store of serialized answers per app, over the latest snapshot of every configured chain,
 * with the freshness settings of `deps`. A snapshot is named by its chain state: a confirmation
 * moves the snapshot's `takenAt` and keeps its state, a snapshot taken anew brings a new one.
 */
export function serializedAnswersOf(deps: AppDeps): SerializedAnswers {
  const chainIds = [...deps.chains.keys()]
  // Every request asks for the name; it changes once per block at most. The chain states it was
  // last written for are kept, and while each chain's latest state is the same object, so is the name.
  const namedStates: object[] = []
  let name: string | undefined
  let named = 0
  const source: AnswerSource = {
    state: () => {
      let same = name !== undefined
      for (let index = 0; index < chainIds.length; index++) {
        const snapshot = deps.snapshots?.latest(chainIds[index]!)
        if (!snapshot) {
          name = undefined
          return undefined
        }
        if (namedStates[index] !== snapshot.state) {
          namedStates[index] = snapshot.state
          same = false
        }
      }
      if (!same) name = `#${++named}`
      return name
    },
    takenAt: (chainId) => deps.snapshots?.latest(chainId)?.takenAt,
  }
  const { snapshot, requestBudgetMs } = deps.config
  return new SerializedAnswers(
    source,
    {
      staleAfterMs: snapshot.staleAfterMs,
      maxAgeSeconds: Math.max(1, Math.round(snapshot.refreshIntervalMs / 1000)),
      requestBudgetMs,
    },
    (scope) => withinRequest(deps, scope),
  )
}
