/**
 * The ceiling of an aggregate read: a bare Fastify route per path that sends bytes serialized
 * beforehand, with the same content type, and nothing else (no validation, rate limit, metrics,
 * CORS, freshness headers or logging). `bodies` maps a path with its query to the exact bytes the
 * service answered. Run as its own process: `tsx bench/ceilingServer.ts bodies.json` (PORT).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>
const byUrl = new Map(Object.entries(bodies).map(([url, body]) => [url, Buffer.from(body)]))
const app = Fastify({ logger: false })
app.get('/__ready', async () => 'ok')
app.get('/*', (request, reply) => {
  const body = byUrl.get(request.url)
  if (!body) return reply.code(404).send()
  return reply.type('application/json; charset=utf-8').send(body)
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
