import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Freshness } from '../../latest-state/index.js'
import { withFreshness } from './freshnessHeaders.js'

/** An answer serialized once: its bytes and the entity tag that names them. */
interface Serialized {
  bytes: Buffer
  etag: string
}

/** Answers kept at most; past that the oldest go (keys of past blocks are never asked again). */
const MAX_ANSWERS = 2_000

/**
 * Aggregate answers serialized once per snapshot and query, not once per request: the bytes are
 * kept under the request URL and the state they were built from, and sent as they are. The ETag
 * hashes the bytes, so an unchanged answer keeps its tag across snapshots and a client's
 * `If-None-Match` gets a 304 with no body.
 */
export class SerializedAnswers {
  private readonly answers = new Map<string, Serialized>()

  constructor(
    private readonly staleAfterMs: number,
    /** Seconds a client or cache may reuse an answer: the refresh interval. */
    private readonly maxAgeSeconds: number,
  ) {}

  /**
   * Sends the answer built from `freshness` (headers included): from the bytes kept for this URL
   * and state, or by serializing `body()` with the route's own response schema the first time.
   * `version` names the state when the answer has no chain freshness of its own (history); then
   * `body` may be async, and is only run when the bytes are not kept yet.
   */
  async send(request: FastifyRequest, reply: FastifyReply, answer: { freshness?: Freshness; version?: string; body: () => unknown }): Promise<FastifyReply> {
    const state = answer.freshness ? `${Object.entries(answer.freshness.blocks).join(';')}@${answer.freshness.takenAt}` : (answer.version ?? '')
    const key = `${request.url}|${state}`
    let serialized = this.answers.get(key)
    if (!serialized) {
      const bytes = Buffer.from(reply.serialize(await answer.body()) as string)
      serialized = { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"` }
      if (this.answers.size >= MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!)
      this.answers.set(key, serialized)
    }
    if (answer.freshness) withFreshness(reply, answer.freshness, this.staleAfterMs, undefined)
    const stale = answer.freshness !== undefined && Date.now() - answer.freshness.takenAt > this.staleAfterMs
    reply.header('etag', serialized.etag)
    reply.header('cache-control', stale ? 'public, max-age=0, must-revalidate' : `public, max-age=${this.maxAgeSeconds}`)
    if (matches(request.headers['if-none-match'], serialized.etag)) return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(serialized.bytes)
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
