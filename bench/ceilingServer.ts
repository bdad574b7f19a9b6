/**
 * The ceiling of an aggregate read: a bare Fastify route per path that sends the very bytes the
 * service answered (body and headers, both captured beforehand) and does nothing else: no
 * validation, rate limit, metrics, CORS handling, freshness or logging, only the same header
 * lines written as they were. `answers` maps a path with its query to the body and headers the
 * service sent. Run as its own process: `tsx bench/ceilingServer.ts answers.json` (PORT).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

/** What the service answered to one path: the bytes of its body and its headers. */
export interface CapturedAnswer {
  body: string
  headers: Record<string, string>
}

const answers = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, CapturedAnswer>
const byUrl = new Map(Object.entries(answers).map(([url, { body, headers }]) => [url, { body: Buffer.from(body), headers }]))
const app = Fastify({ logger: false })
app.get('/__ready', async () => 'ok')
app.get('/*', (request, reply) => {
  const answer = byUrl.get(request.url)
  if (!answer) return reply.code(404).send()
  return reply.headers(answer.headers).send(answer.body)
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
