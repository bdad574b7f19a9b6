import type { FastifyReply } from 'fastify'

/** Sets `x-block-number`, the freshness of an answer built from chain reads at `blockNumber`. */
export function atBlock<T>(reply: FastifyReply, blockNumber: bigint | undefined, body: T): T {
  if (blockNumber !== undefined) reply.header('x-block-number', blockNumber.toString())
  return body
}
