import type { FieldError } from '../schema/index.js'
import { AppError, type AppErrorOptions } from './AppError.js'
import type { ErrorCode } from './errorCatalog.js'

/** What a factory takes beside the sentence: field issues, machine-readable facts, a retry hint, the cause. */
export type ProblemExtras = Omit<AppErrorOptions, 'code' | 'detail' | 'status'>

const problem =
  (code: ErrorCode) =>
  (detail: string, extras: ProblemExtras = {}): AppError =>
    new AppError({ code, detail, ...extras })

/*
 * One named factory per error code the service raises (the catalog says each one's status and
 * meaning): a failure reads as what it is, and no status is written by hand.
 */
/** 400: a request that breaks a rule no field-level check catches. */
export const invalidRequest = problem('INVALID_REQUEST')
/** 400: a body that is not JSON. */
export const invalidJson = problem('INVALID_JSON')
/** 400: a URL (or a request line) that cannot be parsed. */
export const badUrl = problem('BAD_URL')
/** 408: a request not received in time. */
export const requestTimeout = problem('REQUEST_TIMEOUT')
/** 431: a URL and headers over the limit. */
export const headersTooLarge = problem('HEADERS_TOO_LARGE')
/** 405: a method the path does not answer (the route sets `allow`). */
export const methodNotAllowed = problem('METHOD_NOT_ALLOWED')
/** 413: a body over the limit. */
export const payloadTooLarge = problem('PAYLOAD_TOO_LARGE')
/** 415: a body that is not application/json. */
export const unsupportedMediaType = problem('UNSUPPORTED_MEDIA_TYPE')
/** 404: a path, asset or resource the service does not have. */
export const notFoundHere = problem('NOT_FOUND')
/** 503: a replica without the event log the stream is served from. */
export const streamUnavailable = problem('STREAM_UNAVAILABLE')
/** 404: a token no registered reward pool stakes. */
export const tokenNotFound = problem('TOKEN_NOT_FOUND')
/** 422: the transaction would revert. */
export const executionReverted = problem('EXECUTION_REVERTED')
/** 422: a deposit or zap in to a paused vault. */
export const vaultPaused = problem('VAULT_PAUSED')
/** 422: a deposit or zap in to a retired vault. */
export const vaultRetired = problem('VAULT_RETIRED')
/** 422: nothing to deposit, withdraw or claim. */
export const nothingToDo = problem('NOTHING_TO_DO')
/** 422: the user lacks the tokens or coin the transaction needs. */
export const insufficientFunds = problem('INSUFFICIENT_FUNDS')
/** 422: a zap's pair trades off the fair price of its tokens. */
export const priceDeviation = problem('PRICE_DEVIATION')
/** 422: a zap's swap pays further below fair value than the slippage allows. */
export const priceImpact = problem('PRICE_IMPACT')
/** 422: a figure needs a price the chain does not give now. */
export const priceUnavailable = problem('PRICE_UNAVAILABLE')
/** 429: too many requests from this client. */
export const rateLimited = problem('RATE_LIMITED')
/** 500: an unexpected error (logged where it happens). */
export const internalError = problem('INTERNAL')
/** 503: no data for this chain yet. */
export const notReady = problem('NOT_READY')
/** 503: the chain's nodes did not answer in time. */
export const nodesUnavailable = problem('UPSTREAM_UNAVAILABLE')

/** 502: a node answered with an error, or a registered contract did not answer its reads. */
export function nodeFailed(detail: string, extras: ProblemExtras = {}): AppError {
  return new AppError({ code: 'UPSTREAM_UNAVAILABLE', status: 502, detail, ...extras })
}

/** 400: the schema's field errors, under the code their rules name (INVALID_ADDRESS, INVALID_AMOUNT, else INVALID_REQUEST). */
export function invalidFields(code: ErrorCode, errors: FieldError[]): AppError {
  return new AppError({ code, detail: errors.map((item) => `${item.path} ${item.message}`).join('; '), errors })
}

/** A client error Fastify raised with its own 4xx status (kept as it is). */
export function clientError(status: number, detail: string): AppError {
  return new AppError({ code: 'INVALID_REQUEST', status, detail })
}

/** 400 for one bad service input, with the rule it breaks; the detail names the field once located. */
export function invalidInput(input: string, message: string, code: ErrorCode = 'INVALID_REQUEST'): AppError {
  return new AppError({ code, detail: message, issues: [{ input, message }] })
}

/** 400 for a chain id the service has no configuration for. */
export function unsupportedChain(chainId: number, configured: readonly number[]): AppError {
  const message = `must be one of the configured chains: ${configured.join(', ')}`
  return new AppError({
    code: 'UNSUPPORTED_CHAIN',
    detail: `chain ${chainId} is not configured; configured chains: ${configured.join(', ')}`,
    issues: [{ input: 'chainId', message }],
    meta: { chainId, configured },
  })
}

/** 404 for a contract or token the registry does not know; `meta` may name where it is registered instead. */
export function notFound(code: ErrorCode, detail: string, meta?: Record<string, unknown>): AppError {
  return new AppError({ code, detail, ...(meta && { meta }) })
}
