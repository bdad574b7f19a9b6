import type { FastifyReply } from 'fastify'

/** Sets `x-block-number`, the freshness of an answer built from chain reads at `blockNumber`. */
export function atBlock<T>(reply: FastifyReply, blockNumber: bigint | undefined, body: T): T {
  if (blockNumber !== undefined) reply.header('x-block-number', blockNumber.toString())
  return body
}

/** Sets `x-block-numbers: 1=…,56=…` for an answer built from several chains' reads. */
export function atBlocks<T>(reply: FastifyReply, blockNumbers: Record<number, bigint>, body: T): T {
  reply.header('x-block-numbers', Object.entries(blockNumbers).map(([chainId, block]) => `${chainId}=${block}`).join(','))
  return body
}
