/**
 * The bench's ceiling: a bare Fastify server that does only what no service can avoid, with no
 * validation, rate limit, metrics, CORS handling, freshness, logging or build logic.
 * - With ANSWERS_FILE, `GET /*` sends the very bytes the service answered to that path with its
 *   query (body and headers, captured beforehand; the same header lines written as they were):
 *   the ceiling of an aggregate read.
 * - With NODE_URL, `POST /forward` takes a JSON-RPC batch (its body), sends it to the node with
 *   the service's own `postJson`, reads the answers and returns a small JSON: the least a request
 *   that must ask the node costs any service sharing the node's cores.
 * - With USE_CLIENTS_MS, it first uses the clients a replica holds (usedClients.ts) for that long:
 *   the node:http client on CLIENTS_NODE_URL, and PostgreSQL and Redis on DATABASE_URL and
 *   REDIS_URL when set.
 * Run as its own process: `tsx bench/bareServer.ts` (PORT, ANSWERS_FILE and/or NODE_URL).
 */
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'
import { agentFor, postJson } from '../src/chain/rpc/postJson.js'
import { keepHttpShapes } from '../src/keepHttpShapes.js'
import { keepTickShapes } from '../src/keepTickShapes.js'
import { useClients } from './usedClients.js'

/** What the service answered to one path: the bytes of its body and its headers. */
export interface CapturedAnswer {
  body: string
  headers: Record<string, string>
}

const NODE_TIMEOUT_MS = 10_000

keepTickShapes()
await keepHttpShapes()
const usedFor = Number(process.env.USE_CLIENTS_MS ?? 0)
if (usedFor > 0) {
  const { CLIENTS_NODE_URL, DATABASE_URL, REDIS_URL } = process.env
  await useClients({ nodeUrl: CLIENTS_NODE_URL!, databaseUrl: DATABASE_URL, redisUrl: REDIS_URL }, usedFor)
}
const app = Fastify({ logger: false })
app.get('/__ready', async () => 'ok')

const answersFile = process.env.ANSWERS_FILE
if (answersFile) {
  const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, CapturedAnswer>
  const byUrl = new Map(Object.entries(answers).map(([url, { body, headers }]) => [url, { body: Buffer.from(body), headers }]))
  app.get('/*', (request, reply) => {
    const answer = byUrl.get(request.url)
    if (!answer) return reply.code(404).send()
    return reply.headers(answer.headers).send(answer.body)
  })
}

const nodeUrl = process.env.NODE_URL
if (nodeUrl) {
  const node = new URL(nodeUrl)
  const agent = agentFor(node)
  app.post('/forward', async (request) => {
    const answer = await postJson(node, agent, JSON.stringify(request.body), new AbortController().signal, NODE_TIMEOUT_MS)
    const answers = JSON.parse(answer.text) as { result?: unknown }[]
    return { answers: answers.length, first: answers[0]?.result }
  })
}

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
