import type { FieldError } from '../schema/index.js'

/** Stable, upper-case error codes clients may branch on. */
export type ErrorCode =
  | 'INVALID_REQUEST'
  | 'INVALID_ADDRESS'
  | 'INVALID_AMOUNT'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_CHAIN'
  | 'NOT_FOUND'
  | 'VAULT_NOT_FOUND'
  | 'STRATEGY_NOT_FOUND'
  | 'ZAP_NOT_FOUND'
  | 'POOL_NOT_FOUND'
  | 'TOKEN_NOT_FOUND'
  | 'EXECUTION_REVERTED'
  | 'NOTHING_TO_DO'
  | 'INSUFFICIENT_FUNDS'
  | 'PRICE_UNAVAILABLE'
  | 'RATE_LIMITED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'NOT_READY'
  | 'INTERNAL'

export interface AppErrorOptions {
  code: ErrorCode
  status: number
  /** A sentence that says what is wrong and, where possible, what to do. */
  detail: string
  /** Field errors for validation problems. */
  errors?: FieldError[]
  /** Extra machine-readable facts (a decoded revert, the chain id, ...). */
  meta?: Record<string, unknown>
  /** Whether the same request may succeed later; drives `retry-after`. */
  retryable?: boolean
  /** Seconds a client should wait before retrying. */
  retryAfterSeconds?: number
  cause?: unknown
}

/**
 * The one error type of the service. Every failure that reaches a client is an AppError (others
 * are wrapped as INTERNAL by the HTTP error handler), so the problem+json body is built in one place.
 */
export class AppError extends Error {
  override readonly name = 'AppError'
  readonly code: ErrorCode
  readonly status: number
  readonly errors: FieldError[] | undefined
  readonly meta: Record<string, unknown> | undefined
  readonly retryable: boolean
  readonly retryAfterSeconds: number | undefined

  constructor(options: AppErrorOptions) {
    super(options.detail, { cause: options.cause })
    this.code = options.code
    this.status = options.status
    this.errors = options.errors
    this.meta = options.meta
    this.retryable = options.retryable ?? false
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/** 400 for one bad field, with the path and the rule. */
export function invalidField(path: string, message: string, code: ErrorCode = 'INVALID_REQUEST'): AppError {
  return new AppError({ code, status: 400, detail: `${path} ${message}`, errors: [{ path, message }] })
}

/** 400 for a chain id the service has no configuration for. */
export function unsupportedChain(chainId: number, configured: readonly number[], path: string): AppError {
  return new AppError({
    code: 'UNSUPPORTED_CHAIN',
    status: 400,
    detail: `chain ${chainId} is not configured; configured chains: ${configured.join(', ')}`,
    errors: [{ path, message: `must be one of the configured chains: ${configured.join(', ')}` }],
    meta: { chainId, configured },
  })
}
