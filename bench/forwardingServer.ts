/**
 * What a build costs a service on these cores at the least: a bare Fastify route that takes the
 * JSON-RPC batch a build sends (posted as its body), sends it to the node (NODE_URL) with the
 * service's own `postJson`, reads the answers and returns a small JSON. No validation, rate limit,
 * metrics, CORS handling, logging or build logic. Beside the node's own ceiling, it says how much
 * of a build's gap to the node any service sharing the node's cores would have. Run as its own
 * process: `tsx bench/forwardingServer.ts` (PORT, NODE_URL).
 */
import Fastify from 'fastify'
import { agentFor, postJson } from '../src/chain/rpc/postJson.js'

const NODE_TIMEOUT_MS = 10_000

const node = new URL(process.env.NODE_URL!)
const agent = agentFor(node)
const app = Fastify({ logger: false })
app.get('/__ready', async () => 'ok')
app.post('/forward', async (request) => {
  const answer = await postJson(node, agent, JSON.stringify(request.body), new AbortController().signal, NODE_TIMEOUT_MS)
  const answers = JSON.parse(answer.text) as { result?: unknown }[]
  return { answers: answers.length, first: answers[0]?.result }
})
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
