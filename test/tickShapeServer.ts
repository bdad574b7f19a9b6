/**
 * A bare Fastify route in its own process, for src/keepTickShapes.test.ts: it holds the tick
 * shapes when KEEP_TICK_SHAPES=1, prints its port, and on SIGUSR2 prints what V8 learned at each
 * property store of `process.nextTick` (run with --allow-natives-syntax), then exits.
 * With --expose-gc, it runs a full collection every 100 ms.
 */
import Fastify from 'fastify'
import { keepTickShapes } from '../src/keepTickShapes.js'

if (process.env.KEEP_TICK_SHAPES === '1') keepTickShapes()
const app = Fastify({ logger: false })
const body = Buffer.from(JSON.stringify({ tvl: 123456789.5, chains: { 1: 1, 56: 2 } }))
app.get('/', (_request, reply) => reply.header('content-type', 'application/json').send(body))
await app.listen({ host: '127.0.0.1', port: 0 })
// Full collections under load, each dropping the tick maps no live tick holds: the production heap
// limit brings them on its own, but how many depends on how loaded the machine is; forced every
// 100 ms (run with --expose-gc), the test does not depend on it.
const gc = (globalThis as { gc?: () => void }).gc
if (gc) setInterval(gc, 100).unref()
const address = app.server.address()
console.log(`port ${typeof address === 'object' && address ? address.port : ''}`)
process.on('SIGUSR2', () => {
  // %DebugPrint writes the function's feedback vector, one line per slot, to stdout.
  new Function('f', '%DebugPrint(f)')(process.nextTick)
  process.exit(0)
})
