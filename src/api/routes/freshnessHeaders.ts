import type { FastifyReply } from 'fastify'
import type { Freshness } from '../../latest-state/index.js'

/** Sets `x-block-number`, the freshness of an answer built from chain reads at `blockNumber`. */
export function atBlock<T>(reply: FastifyReply, blockNumber: bigint | undefined, body: T): T {
  if (blockNumber !== undefined) reply.header('x-block-number', blockNumber.toString())
  return body
}

/**
 * Says how fresh an aggregate answer is: `x-block-number` (one chain) or `x-block-numbers:
 * 1=…,56=…`, `age` (seconds since the oldest chain state behind it was read, RFC 9111) and
 * `x-stale: true` once that is older than `staleAfterMs`.
 */
export function withFreshness<T>(reply: FastifyReply, freshness: Freshness, staleAfterMs: number, body: T): T {
  const blocks = Object.entries(freshness.blocks)
  if (freshness.multiChain) reply.header('x-block-numbers', blocks.map(([chainId, block]) => `${chainId}=${block}`).join(','))
  else if (blocks[0]) reply.header('x-block-number', String(blocks[0][1]))
  const ageMs = Math.max(0, Date.now() - freshness.takenAt)
  reply.header('age', String(Math.floor(ageMs / 1000)))
  if (ageMs > staleAfterMs) reply.header('x-stale', 'true')
  return body
}
