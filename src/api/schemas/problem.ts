import Type, { type Static } from 'typebox'
import { ERROR_CATALOG, ERROR_CODES, statusesOf, type ErrorCode } from '../../errors/index.js'
import { problemExample } from './problemExamples.js'
import { pushTo } from '../../keyed/index.js'

/** RFC 9457 problem details, the body of every error answer. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI reference naming the problem type (one per code)' }),
    title: Type.String({ description: 'The HTTP status, in words' }),
    status: Type.Integer({ description: 'The HTTP status' }),
    detail: Type.String({ description: 'What went wrong and, where possible, what to do' }),
    code: Type.Enum(ERROR_CODES, { description: 'Stable upper-case error code clients branch on; each operation lists the codes it answers with, per status' }),
    instance: Type.Optional(Type.String({ description: 'The request URL' })),
    requestId: Type.Optional(Type.String({ description: 'The x-request-id of the answer: quote it when reporting a problem' })),
    errors: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
        description: 'Validation problems: JSON pointer of the field (/body/amount, /querystring/chain, /params/pid) and the rule it breaks, in words',
      }),
    ),
    revert: Type.Optional(
      Type.Object(
        {
          name: Type.String({ description: 'Custom error name, or Error for a revert string' }),
          args: Type.Unknown({ description: 'The decoded arguments of the custom error' }),
          message: Type.String(),
        },
        { description: 'The decoded revert of a transaction that would fail' },
      ),
    ),
    retryAfterSeconds: Type.Optional(Type.Integer({ description: 'Seconds to wait before retrying, as in the retry-after header' })),
  },
  { $id: 'Problem', additionalProperties: true },
)

export type Problem = Static<typeof ProblemSchema>

const titles: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The title of a status, as RFC 9110 names it. */
export function statusTitle(status: number): string {
  return titles[status] ?? 'Error'
}

const RETRY_AFTER = { type: 'integer', minimum: 1, description: 'Seconds to wait before retrying (RFC 9110)' } as const

/** The documented answer of one error status of an operation. */
export interface ProblemResponse {
  description: string
  headers?: { 'retry-after': typeof RETRY_AFTER }
  content: { 'application/problem+json': { schema: { $ref: string }; examples: Record<string, { summary: string; value: Problem }> } }
}

/**
 * The error answers of an operation, from the codes it can answer with: grouped by the status the
 * error catalog gives each code, every one `application/problem+json` with an example per code,
 * and `retry-after` where retrying can help.
 */
export function problemResponses(...codes: ErrorCode[]): Record<number, ProblemResponse> {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of new Set(codes)) {
    for (const status of statusesOf(code)) pushTo(byStatus, status, code)
  }
  const responses: Record<number, ProblemResponse> = {}
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retryable = group.some((code) => ERROR_CATALOG[code].retryable)
    responses[status] = {
      description: `${statusTitle(status)}: ${group.map((code) => `${code} (${ERROR_CATALOG[code].meaning})`).join('; ')}`,
      ...(retryable && { headers: { 'retry-after': RETRY_AFTER } }),
      content: {
        'application/problem+json': {
          schema: { $ref: 'Problem#' },
          examples: Object.fromEntries(
            group.map((code) => [code, { summary: ERROR_CATALOG[code].meaning, value: problemExample(code, status, statusTitle(status)) }]),
          ),
        },
      },
    }
  }
  return responses
}
