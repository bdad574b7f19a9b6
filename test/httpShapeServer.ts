/**
 * Node's HTTP server in a process of its own, for src/keepHttpShapes.test.ts: it holds the HTTP
 * shapes first when KEEP_HTTP_SHAPES=1, then answers 12 requests (asked with fetch, which builds
 * none of Node's HTTP objects) with a full collection after each, as a replica's start may run
 * them between its first requests, and prints whether each request and response it was handed has
 * its properties in the object (run with --allow-natives-syntax and --expose-gc).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { keepHttpShapes } from '../src/keepHttpShapes.js'

const hasFastProperties = new Function('object', 'return %HasFastProperties(object)') as (object: object) => boolean
const gc = (globalThis as { gc?: () => void }).gc!
if (process.env.KEEP_HTTP_SHAPES === '1') await keepHttpShapes()
gc()
const seen: { request: boolean; response: boolean }[] = []
const server = createServer((request, response) => {
  seen.push({ request: hasFastProperties(request), response: hasFastProperties(response) })
  response.end('ok')
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const { port } = server.address() as AddressInfo
for (let asked = 0; asked < 12; asked++) {
  await (await fetch(`http://127.0.0.1:${port}/`)).text()
  gc()
}
server.close()
console.log(JSON.stringify(seen))
