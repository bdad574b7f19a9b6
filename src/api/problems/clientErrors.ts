import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { type AppError, badUrl, headersTooLarge, requestTimeout } from '../../errors/index.js'
import { problemBody } from './problem.js'

/** What Node's HTTP parser refuses before any route runs, as the problem a client reads. */
function problemOf(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW') return headersTooLarge('the URL and headers are larger than 16 KiB; shorten them')
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout('the request was not received in time; send it whole, promptly')
  return badUrl('the request could not be parsed: check the request line, the URL encoding and the headers')
}

/**
 * Fastify's `clientErrorHandler`: requests Node refuses before routing (431 URL or headers too
 * large, 408 too slow, 400 unparsable) get a problem+json answer with a request id, like every
 * other error, instead of Node's own JSON.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  if (socket.writable) {
    const appError = problemOf(error.code)
    const requestId = randomUUID()
    const body = JSON.stringify(problemBody(appError, undefined, appError.message, { requestId }))
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\ncontent-type: application/problem+json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
