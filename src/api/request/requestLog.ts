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

/** What one answer's log line says. */
export interface AnsweredRequest {
  method: string
  url: string
  status: number
  /** Time from the request's arrival to its answer, ms. */
  ms: number
  /** The error's code, for a problem answer. */
  code?: string | undefined
  /** The matched route's pattern. */
  route: string | undefined
}

/**
 * One line per answer (Fastify's two per request are off): method, URL (cut), status, time and,
 * for an error, its code. The request id is bound to `request.log`. Probes and scrapes at debug.
 * `route` is the matched route's pattern (`request.routeOptions` builds a new object per read).
 */
export function logResponse(request: FastifyRequest, reply: FastifyReply, route: string | undefined): void {
  const { method } = request
  logAnswer(request.log as Logger, { method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime, code: reply.errorCode, route })
}

/**
 * Writes the line of `answer` at debug for probes and scrapes, error for a server error, info
 * otherwise, with `log`, or with its child bound to `requestId` when one is given (`request.log`
 * has it bound already). Below the logger's level (LOG_LEVEL=warn, say), nothing is built at all.
 */
export function logAnswer(log: Logger, answer: AnsweredRequest, requestId?: string): void {
  const { method, status, code, route } = answer
  const level = route !== undefined && QUIET_ROUTES.has(route) ? 'debug' : status >= 500 ? 'error' : 'info'
  if (!log.isLevelEnabled(level)) return
  if (requestId !== undefined) log = log.child({ requestId })
  const url = answer.url.length > LOGGED_URL_CHARS ? `${answer.url.slice(0, LOGGED_URL_CHARS)}…` : answer.url
  const line = { method, url, status, ms: Math.round(answer.ms * 10) / 10, ...(code && { code }) }
  log[level](line, `${method} ${url} → ${status}${code ? ` ${code}` : ''} (${line.ms} ms)`)
}
