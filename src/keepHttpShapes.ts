import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The HTTP objects held for the life of the process; only their being alive matters. */
const held: object[] = []

/**
 * Requests answered before the process does anything else: V8 sizes a constructor's objects at
 * its seventh construction (in-object slack tracking), and one more makes sure that happened here.
 */
const ANSWERS = 8

/** How long one of those requests may take before the process goes on without the rest. */
const ASK_TIMEOUT_MS = 2_000

/**
 * Answers a few requests through Node's own HTTP server and client, each on a connection of its
 * own, and holds every object they made for the life of the process, so that the objects each
 * request builds (the request, the response, the socket, the client's request and answer) keep
 * their properties in the object itself, as V8 means them to.
 *
 * V8 decides how many properties a constructor's objects hold in-object when the seventh is built,
 * from the shapes it knows of then. A request's objects live for milliseconds; in a process whose
 * start runs full collections between its first requests (a replica loading its snapshots while
 * its first probes come in), those shapes are gone by the seventh, V8 sizes the objects for none
 * of their properties, and from then on every response is built as a hash table: Node's HTTP code
 * then spends about a third more on each answer (megamorphic loads and hash lookups in writeHead,
 * the response's constructor and end), measured against the same bytes sent by a bare Fastify in a
 * process of its own. Holding these objects keeps their shapes known when the seventh is built.
 * Call it first, before anything else makes a request or serves one. It never fails the start:
 * a process that cannot answer itself on 127.0.0.1 goes on without the shapes, only slower.
 */
export async function keepHttpShapes(): Promise<void> {
  if (held.length > 0) return
  const server = createServer((incoming, response) => {
    held.push(incoming, response)
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok')
  })
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    for (let answer = 0; answer < ANSWERS; answer++) held.push(...(await ask(port)))
  } catch {
    // Only speed is lost: the process serves as it would have without the shapes.
  } finally {
    server.close()
  }
}

/** One keep-alive GET on a connection of its own, its answer read to the end: the request and its answer. */
async function ask(port: number): Promise<object[]> {
  const agent = new Agent({ keepAlive: true })
  try {
    return await new Promise<object[]>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path: '/', agent }, (answer) => {
        answer.once('end', () => resolve([outgoing, answer])).resume()
      })
      outgoing.setTimeout(ASK_TIMEOUT_MS, () => outgoing.destroy(new Error(`no answer from this process within ${ASK_TIMEOUT_MS} ms`)))
      outgoing.once('error', reject).end()
    })
  } finally {
    agent.destroy()
  }
}
