import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import { normalizeIP } from '@fastify/rate-limit'

/** How `TRUST_PROXY` is configured: none, any, a hop count, or comma-separated proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string

/**
 * The function that names a request's client for rate limits, from `trustProxy`: the socket's
 * peer when no proxy is trusted, else the nearest address in `X-Forwarded-For` that is not a
 * trusted proxy. A hop count trusts that many hops nearest the socket (Fastify 5 itself reads a
 * count as trusting none, which would count every client behind a load balancer as one). IPv6
 * clients are counted per /64, as one user's network holds a whole /64.
 */
export function clientKeyOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => normalizeIP(request.socket.remoteAddress ?? '')
  const trusted = trustOf(trustProxy)
  return (request) => normalizeIP(proxyAddr(request, trusted))
}

function trustOf(trustProxy: true | number | string): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy
  return proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()))
}
