import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '../errors/index.js'
import { codeForErrors, toFieldErrors } from '../schema/index.js'
import { statusTitle, type Problem } from './schemas/problem.js'

const PROBLEM_TYPE_BASE = 'https://errors.defi-vault-api.dev/'

/** Sends an AppError as `application/problem+json`, with `retry-after` when retrying can help. */
export function sendProblem(reply: FastifyReply, error: AppError, instance?: string): FastifyReply {
  const body: Problem = {
    type: `${PROBLEM_TYPE_BASE}${error.code.toLowerCase().replaceAll('_', '-')}`,
    title: statusTitle(error.status),
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(instance && { instance }),
    ...(error.errors && { errors: error.errors }),
    ...(error.meta?.revert !== undefined && { revert: error.meta.revert as Problem['revert'] }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
  }
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
  return reply.status(error.status).type('application/problem+json').serializer(JSON.stringify).send(body)
}

/**
 * The one error funnel of the HTTP layer: validation errors, Fastify's own errors (body too large,
 * wrong content type, malformed JSON) and AppErrors become problem+json; anything else is a 500
 * that says nothing of the internals and is logged with its stack.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(reply, toHttpError(error, request), request.url)
}

function toHttpError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.warn({ err: error.cause ?? error, code: error.code }, error.message)
    return error
  }
  if (error.validation) {
    const prefix = `/${error.validationContext ?? 'body'}`
    const errors = toFieldErrors(error.validation as never, prefix)
    return new AppError({
      code: codeForErrors(error.validation as never, 'INVALID_REQUEST') as AppError['code'],
      status: 400,
      detail: errors.map((item) => `${item.path} ${item.message}`).join('; '),
      errors,
    })
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError({ code: 'PAYLOAD_TOO_LARGE', status: 413, detail: 'the request body is larger than 16 KiB' })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        status: 415,
        detail: `content type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send the body as application/json`,
      })
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError({ code: 'INVALID_JSON', status: 400, detail: `the body is not valid JSON: ${error.message}` })
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError({ code: 'INVALID_REQUEST', status: error.statusCode, detail: error.message })
  }
  request.log.error({ err: error }, 'unhandled error')
  return new AppError({ code: 'INTERNAL', status: 500, detail: 'an unexpected error occurred; it has been logged' })
}

/** 404 for a path no route serves. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(
    reply,
    new AppError({ code: 'NOT_FOUND', status: 404, detail: `no endpoint serves ${request.method} ${request.url.split('?')[0]}; see /docs` }),
    request.url,
  )
}
