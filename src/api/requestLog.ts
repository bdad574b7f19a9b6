import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Logger } from 'pino'

/** An incoming request id is kept only if it is safe to echo in a header and a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** Longest URL written to a log line; a 20 KB query string says nothing more after this. */
const LOGGED_URL_CHARS = 300

/** Routes polled every few seconds by load balancers and scrapers: logged at debug, not info. */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/metrics'])

/** The request's id: the caller's `x-request-id` when it is a safe token, else a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

/**
 * One line per answer (Fastify's two per request are off): method, URL (cut), status, time and,
 * for an error, its code. The request id is bound to `request.log`. Probes and scrapes at debug.
 * `route` is the matched route's pattern (`request.routeOptions` builds a new object per read).
 */
export function logResponse(request: FastifyRequest, reply: FastifyReply, route: string | undefined): void {
  const status = reply.statusCode
  const level = route !== undefined && QUIET_ROUTES.has(route) ? 'debug' : status >= 500 ? 'error' : 'info'
  // Below the logger's level (LOG_LEVEL=warn, say), no line is built at all.
  if (!(request.log as Logger).isLevelEnabled(level)) return
  const url = request.url.length > LOGGED_URL_CHARS ? `${request.url.slice(0, LOGGED_URL_CHARS)}…` : request.url
  const line = { method: request.method, url, status, ms: Math.round(reply.elapsedTime * 10) / 10, ...(reply.errorCode && { code: reply.errorCode }) }
  request.log[level](line, `${request.method} ${url} → ${status}${reply.errorCode ? ` ${reply.errorCode}` : ''}`)
}
