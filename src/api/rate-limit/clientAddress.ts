import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import { normalizeIP } from '@fastify/rate-limit'

/** How `TRUST_PROXY` is configured: none, any, a hop count, or comma-separated proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string

/**
 * The function that names a request's client for rate limits, from `trustProxy`: the socket's
 * peer when no proxy is trusted, else the nearest address in `X-Forwarded-For` that is not a
 * trusted proxy. A hop count trusts that many hops nearest the socket (Fastify 5 itself reads a
 * count as trusting none, which would count every client behind a load balancer as one). IPv6
 * clients are counted per /64, as one user's network holds a whole /64. Named once per
 * connection (namedOncePerConnection).
 */
export function clientKeyOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  return namedOncePerConnection(clientNameOf(trustProxy))
}

/**
 * `nameOf` worked out once per connection and `X-Forwarded-For`: a keep-alive connection's
 * requests come from one peer, mostly with one such header, and only a new header can name
 * another client. Naming an IPv6 address (an IPv4 one too, on a server listening on `::`)
 * parses it, which costs more than all the rest of answering a kept read (BENCHMARKS.md,
 * "Figures behind the code").
 */
export function namedOncePerConnection(nameOf: (request: IncomingMessage) => string): (request: IncomingMessage) => string {
  const named = new WeakMap<Socket, { forwarded: string | string[] | undefined; key: string }>()
  return (request) => {
    const forwarded = request.headers['x-forwarded-for']
    const last = named.get(request.socket)
    if (last !== undefined && last.forwarded === forwarded) return last.key
    const key = nameOf(request)
    named.set(request.socket, { forwarded, key })
    return key
  }
}

function clientNameOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => normalizeIP(request.socket.remoteAddress ?? '')
  const trusted = trustOf(trustProxy)
  return (request) => normalizeIP(proxyAddr(request, trusted))
}

function trustOf(trustProxy: true | number | string): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy
  return proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()))
}
