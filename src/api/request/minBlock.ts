import type { FastifyReply, FastifyRequest } from 'fastify'
import { invalidInput, notReady, type AppError } from '../../errors/index.js'
import { servedBlock, type BlockSource } from '../../answer-state/index.js'
import type { App, AppDeps } from '../deps.js'
import { problemBody } from '../problems/problem.js'
import { MIN_BLOCK_HEADER } from '../schemas/minBlock.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Where the route's answer takes its block from: it then takes `minBlock` (see minBlock.ts). */
    minBlock?: BlockSource
  }
}

/** Longest a request waits for the service to reach its `minBlock`, ms; then 503. */
export const MIN_BLOCK_WAIT_MS = 5_000
const POLL_MS = 100
const RETRY_AFTER_SECONDS = 2

/** What a request asked for: the block, and the chain it is of. */
interface AskedBlock {
  chainId: number
  block: bigint
}

declare module 'fastify' {
  interface FastifyRequest {
    minBlock?: AskedBlock
  }
}

/**
 * Read-your-writes: a route that says where its answer's block comes from (`config.minBlock`)
 * takes `minBlock` (or the `x-min-block-number` header). Before the handler runs, the request
 * waits until that source has reached the block (the latest snapshot, the event index, the node's
 * head), up to MIN_BLOCK_WAIT_MS, else 503 NOT_READY naming the block the service has; after it,
 * an answer that still names an older block (`x-block-number`) is replaced by the same 503.
 */
export function registerMinBlock(app: App, deps: AppDeps): void {
  app.decorateRequest('minBlock', undefined)
  // Only the routes that take it carry the hooks: every other request pays nothing.
  app.addHook('onRoute', (route) => {
    const source = route.config?.minBlock
    if (!source) return
    const waitFor = async (request: FastifyRequest): Promise<void> => {
      const asked = askedBlock(request)
      if (!asked) return
      request.minBlock = asked
      await reach(deps, asked, source)
    }
    const checkAnswer = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void => {
      const asked = request.minBlock
      const named = reply.getHeader('x-block-number')
      const short = asked !== undefined && reply.statusCode < 300 && named !== undefined && BigInt(String(named)) < asked.block
      done(null, short ? replaceWithNotReached(request, reply, notReached(asked, BigInt(String(named)))) : payload)
    }
    route.preHandler = [...hooksOf(route.preHandler), waitFor] as typeof route.preHandler
    route.onSend = [...hooksOf(route.onSend), checkAnswer] as typeof route.onSend
  })
}

/** A route's own hooks of one kind as a list. */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
}

/** The block the request asks its answer to be made at or after, and its chain; 400 when it names no chain. */
function askedBlock(request: FastifyRequest): AskedBlock | undefined {
  const query = request.query as { minBlock?: string; chain?: number } | undefined
  const header = request.headers[MIN_BLOCK_HEADER]
  const text = query?.minBlock ?? (typeof header === 'string' ? header : undefined)
  if (text === undefined) return undefined
  if (!/^[0-9]{1,20}$/.test(text)) throw invalidInput('minBlock', 'must be a block number: decimal digits')
  const body = request.body as { chainId?: number | string } | undefined
  const chainId = query?.chain ?? (body?.chainId === undefined ? undefined : Number(body.chainId))
  if (chainId === undefined)
    throw invalidInput('minBlock', 'needs one chain named (the `chain` query parameter): block numbers differ from one chain to another')
  return { chainId, block: BigInt(text) }
}

/** Waits until `source` on the asked chain reaches the block; 503 after MIN_BLOCK_WAIT_MS. */
async function reach(deps: AppDeps, asked: AskedBlock, source: BlockSource): Promise<void> {
  const deadline = Date.now() + MIN_BLOCK_WAIT_MS
  for (;;) {
    // A chain that is not configured is the route's own 400 to give.
    const has = deps.chains.has(asked.chainId) ? await servedBlock(deps, asked.chainId, source).catch(() => undefined) : asked.block
    if (has !== undefined && has >= asked.block) return
    if (Date.now() + POLL_MS > deadline) throw notReached(asked, has)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

function notReached(asked: AskedBlock, has: bigint | undefined): AppError {
  const where = has === undefined ? 'has no block of it yet' : `answers at block ${has}`
  return notReady(
    `chain ${asked.chainId}: this service ${where}, and the request asked for block ${asked.block} or later (minBlock); it follows the chain within seconds: try again shortly`,
    {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
      meta: { chainId: asked.chainId, minBlock: asked.block.toString(), ...(has !== undefined && { block: has.toString() }) },
    },
  )
}

/** The 503 problem+json in place of an answer made at a block older than asked. */
function replaceWithNotReached(request: FastifyRequest, reply: FastifyReply, error: AppError): string {
  reply.code(error.status).type('application/problem+json').header('retry-after', String(RETRY_AFTER_SECONDS))
  reply.removeHeader('etag')
  reply.errorCode = error.code
  return JSON.stringify(problemBody(error, undefined, error.message, { instance: request.url, requestId: request.id }))
}
