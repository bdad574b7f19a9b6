import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import {
  AppError,
  badUrl,
  clientError,
  type ErrorCode,
  type InputIssue,
  internalError,
  invalidFields,
  invalidJson,
  notFoundHere,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../errors/index.js'
import { codeForErrors, toFieldErrors, type FieldError } from '../../schema/index.js'
import { statusTitle, type Problem } from '../schemas/problem.js'
import { problemTypeOf } from '../schemas/problemExamples.js'

/** The problem+json body of an AppError: one place builds every error answer. */
export function problemBody(error: AppError, errors: FieldError[] | undefined, detail: string, context: { instance?: string; requestId?: string }): Problem {
  return {
    type: problemTypeOf(error.code),
    title: statusTitle(error.status),
    status: error.status,
    detail,
    code: error.code,
    ...(context.instance && { instance: context.instance }),
    ...(errors && { errors }),
    ...(error.meta?.revert !== undefined && { revert: error.meta.revert as Problem['revert'] }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds }),
    ...(context.requestId && { requestId: context.requestId }),
  }
}

/**
 * Sends an AppError as `application/problem+json`, with `retry-after` when retrying can help.
 * Service input issues are located here: `chainId` becomes `/body/chainId` or `/querystring/chain`.
 */
export function sendProblem(reply: FastifyReply, error: AppError): FastifyReply {
  const request = reply.request
  const located = error.issues?.map((issue) => ({ path: locate(request, issue), message: issue.message }))
  const errors = error.errors ?? located
  // A detail that is exactly an issue's rule reads better with the field it is about.
  const detail =
    located && error.issues!.some((issue) => issue.message === error.message) ? located.map((item) => `${item.path} ${item.message}`).join('; ') : error.message
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
  reply.errorCode = error.code
  const body = problemBody(error, errors, detail, { instance: request.url, requestId: request.id })
  return reply.status(error.status).type('application/problem+json').serializer(JSON.stringify).send(body)
}

/**
 * Where a named service input came from in this request: a path parameter, the query string (which names the chain `chain`, as the interface document does) for
 * reads, or the body.
 */
function locate(request: FastifyRequest, issue: InputIssue): string {
  if (typeof request.params === 'object' && request.params !== null && issue.input in request.params) return `/params/${issue.input}`
  if (request.method === 'GET') return `/querystring/${issue.input === 'chainId' ? 'chain' : issue.input}`
  return `/body/${issue.input}`
}

/**
 * The one error funnel of the HTTP layer: validation errors, Fastify's own errors (body too large,
 * wrong content type, malformed JSON) and AppErrors become problem+json; anything else is a 500
 * that says nothing of the internals and is logged with its stack.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(reply, toHttpError(error, request))
}

function toHttpError(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.warn({ err: error.cause ?? error, code: error.code }, error.message)
    return error
  }
  if (error.validation) {
    const prefix = `/${error.validationContext ?? 'body'}`
    const errors = toFieldErrors(error.validation as never, prefix)
    return invalidFields(codeForErrors(error.validation as never, 'INVALID_REQUEST') as ErrorCode, errors)
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge('the request body is larger than 16 KiB')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(`content type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send the body as application/json`)
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalidJson(`the body is not valid JSON: ${error.message}`)
    case 'FST_ERR_BAD_URL':
      return badUrl('the URL is malformed: percent-encode the path and query')
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return clientError(error.statusCode, error.message)
  }
  request.log.error({ err: error }, 'unhandled error')
  return internalError('an unexpected error occurred; it has been logged')
}

/** 404 for a path no route serves. */
export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendProblem(reply, notFoundHere(`no endpoint serves ${request.method} ${request.url.split('?')[0]}; see /docs`))
}

declare module 'fastify' {
  interface FastifyReply {
    /** The problem code of an error answer, for the response log line. */
    errorCode?: string
  }
}
