import { invalidInput, streamUnavailable, unsupportedChain } from '../../errors/index.js'
import { STREAM_TOPICS, type StreamHub, type StreamTopic } from '../../stream/index.js'
import { CORS_HEADERS } from '../request/corsHeaders.js'
import type { App, AppDeps } from '../deps.js'
import { addressOf } from '../request/input.js'
import { problemResponses } from '../schemas/problem.js'
import { STREAM_DESCRIPTION, StreamHeadersSchema, StreamQuerySchema } from '../schemas/stream.js'

/** GET /stream: what the refresher tells of new blocks, as Server-Sent Events, instead of polling. */
export function registerStreamRoutes(app: App, deps: AppDeps, hub: StreamHub | undefined): void {
  app.get(
    '/stream',
    {
      schema: {
        tags: ['meta'],
        summary: "New snapshots (with the answers they changed), harvests, harvestable turns, a user's own actions and reorgs, as they happen",
        description: STREAM_DESCRIPTION,
        headers: StreamHeadersSchema,
        querystring: StreamQuerySchema,
        response: {
          200: { description: 'The event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...problemResponses('INVALID_REQUEST', 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'STREAM_UNAVAILABLE'),
        },
      },
    },
    async (request, reply) => {
      const { chain, topics, address } = request.query
      if (chain !== undefined && !deps.chains.has(chain)) throw unsupportedChain(chain, [...deps.chains.keys()])
      const account = address === undefined ? undefined : addressOf(address).toLowerCase()
      const asked = topics === undefined ? undefined : new Set(topics.split(',') as StreamTopic[])
      if (asked?.has('user') && account === undefined) throw invalidInput('topics', "the `user` topic tells one account's actions: give `address` too")
      if (!hub) throw streamUnavailable('this replica serves no event stream: it runs without REDIS_URL, so it cannot hear the refresher')
      const chosen = asked ?? new Set(STREAM_TOPICS.filter((topic) => topic !== 'user' || account !== undefined))
      reply.hijack()
      await hub.attach(
        reply.raw,
        { ...(chain !== undefined && { chainId: chain }), topics: chosen, ...(account && { address: account }) },
        request.headers['last-event-id'] as string | undefined,
        { ...CORS_HEADERS, 'x-request-id': request.id },
      )
    },
  )
}
