import type { FastifyReply } from 'fastify'
import type { Freshness } from '../../answer-state/index.js'

/** Sets `x-block-number`, the freshness of an answer built from chain reads at `blockNumber`. */
export function atBlock<T>(reply: FastifyReply, blockNumber: bigint | undefined, body: T): T {
  if (blockNumber !== undefined) reply.header('x-block-number', blockNumber.toString())
  return body
}

/**
 * The headers that say from which blocks an aggregate answer was built: `x-block-number` (one
 * chain) or `x-block-numbers: 1=…,56=…`. Its `age` and `x-stale` are set when it is sent (see
 * SerializedAnswers), as they change while the answer stays the same.
 */
export function blockHeaders(freshness: Freshness): Record<string, string> {
  const blocks = Object.entries(freshness.blocks)
  if (freshness.multiChain) return { 'x-block-numbers': blocks.map(([chainId, block]) => `${chainId}=${block}`).join(',') }
  return blocks[0] ? { 'x-block-number': String(blocks[0][1]) } : {}
}
