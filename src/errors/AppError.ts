import type { FieldError } from '../schema/index.js'
import { ERROR_CATALOG, type ErrorCode } from './errorCatalog.js'

/**
 * A problem with one named input of a service (`chainId`, `tokenIn`, `amount`, ...). Services do
 * not know where an input came from; the HTTP layer turns the name into the field's JSON pointer
 * (`/body/tokenIn`, `/querystring/chain`).
 */
export interface InputIssue {
  input: string
  message: string
}

export interface AppErrorOptions {
  code: ErrorCode
  /** A sentence that says what is wrong and, where possible, what to do. */
  detail: string
  /** Only where the catalog allows another status for the code (502 for a node that answered with an error). */
  status?: number
  /** Field errors already located by the HTTP layer (schema validation). */
  errors?: FieldError[]
  /** Problems with named service inputs; located by the HTTP layer. */
  issues?: InputIssue[]
  /** Extra machine-readable facts (a decoded revert, the chain id, ...). */
  meta?: Record<string, unknown>
  /** Seconds a client should wait before retrying. */
  retryAfterSeconds?: number
  cause?: unknown
}

/**
 * The one error type of the service. Every failure that reaches a client is an AppError (others
 * are wrapped as INTERNAL by the HTTP error handler), so the problem+json body is built in one
 * place. Status and retryability come from the code's entry in ERROR_CATALOG.
 */
export class AppError extends Error {
  override readonly name = 'AppError'
  readonly code: ErrorCode
  readonly status: number
  readonly errors: FieldError[] | undefined
  readonly issues: InputIssue[] | undefined
  readonly meta: Record<string, unknown> | undefined
  readonly retryable: boolean
  readonly retryAfterSeconds: number | undefined

  constructor(options: AppErrorOptions) {
    super(options.detail, { cause: options.cause })
    const spec = ERROR_CATALOG[options.code]
    this.code = options.code
    this.status = options.status ?? spec.status
    this.errors = options.errors
    this.issues = options.issues
    this.meta = options.meta
    this.retryable = spec.retryable
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}
