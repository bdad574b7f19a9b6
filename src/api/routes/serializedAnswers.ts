import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Freshness } from '../../latest-state/index.js'
import type { AppDeps } from '../deps.js'
import { withFreshness } from './freshnessHeaders.js'

/** What a route computes for an aggregate answer: its body, freshness and extra headers. */
export interface AggregateAnswer {
  freshness?: Freshness
  /** Headers that belong to the answer (`x-omitted-*`). */
  headers?: Record<string, string>
  body: unknown
}

/** An answer serialized once: its bytes, the entity tag that names them, and its headers. */
interface Kept {
  bytes: Buffer
  etag: string
  freshness: Freshness | undefined
  headers: Record<string, string>
}

/** Answers kept at most; past that the oldest go (keys of past snapshots are never asked again). */
const MAX_ANSWERS = 2_000

/**
 * Aggregate answers computed and serialized once per snapshot and query, not once per request:
 * the bytes are kept under the request URL and the state of the snapshots (`state()`, undefined
 * while some chain has none and answers are read live), and a request for a kept answer runs no
 * service at all. The ETag hashes the bytes, so an unchanged answer keeps its tag across
 * snapshots and a client's `If-None-Match` gets a 304 with no body.
 */
export class SerializedAnswers {
  private readonly kept = new Map<string, Kept>()

  constructor(
    private readonly state: () => string | undefined,
    private readonly staleAfterMs: number,
    /** Seconds a client or cache may reuse an answer: the refresh interval. */
    private readonly maxAgeSeconds: number,
  ) {}

  /** Sends the kept answer for this URL and state, or computes, serializes (with the route's own response schema) and keeps it. */
  async send(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<AggregateAnswer>): Promise<FastifyReply> {
    const state = this.state()
    const key = state === undefined ? undefined : `${request.url}|${state}`
    let answer = key === undefined ? undefined : this.kept.get(key)
    if (!answer) {
      const computed = await compute()
      const bytes = Buffer.from(reply.serialize(computed.body) as string)
      answer = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`, freshness: computed.freshness, headers: computed.headers ?? {} }
      if (key !== undefined) {
        if (this.kept.size >= MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!)
        this.kept.set(key, answer)
      }
    }
    for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value)
    if (answer.freshness) withFreshness(reply, answer.freshness, this.staleAfterMs, undefined)
    const stale = answer.freshness !== undefined && Date.now() - answer.freshness.takenAt > this.staleAfterMs
    reply.header('etag', answer.etag)
    reply.header('cache-control', stale ? 'public, max-age=0, must-revalidate' : `public, max-age=${this.maxAgeSeconds}`)
    if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(answer.bytes)
  }
}

/** Whether an `If-None-Match` header names `etag` (weak comparison, lists and `*` included). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}

/**
 * One store of serialized answers per app: keyed by the latest snapshot (block and time taken)
 * of every configured chain, with the freshness settings of `deps`.
 */
export function serializedAnswersOf(deps: AppDeps): SerializedAnswers {
  const chainIds = [...deps.chains.keys()]
  const state = () => {
    let key = ''
    for (const chainId of chainIds) {
      const snapshot = deps.snapshots?.latest(chainId)
      if (!snapshot) return undefined
      key += `${chainId}:${snapshot.state.blockNumber}@${snapshot.takenAt};`
    }
    return key
  }
  return new SerializedAnswers(state, deps.config.snapshot.staleAfterMs, Math.max(1, Math.round(deps.config.snapshot.refreshIntervalMs / 1000)))
}
