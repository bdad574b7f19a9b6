import Type, { type Static } from 'typebox'

/** RFC 9457 problem details, the body of every error answer. */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI reference naming the problem type' }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String({ description: 'What went wrong and, where possible, what to do' }),
    code: Type.String({ description: 'Stable upper-case error code, e.g. INVALID_ADDRESS' }),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
        description: 'Validation problems: JSON pointer of the field and the rule it breaks',
      }),
    ),
    revert: Type.Optional(
      Type.Object(
        {
          name: Type.String({ description: 'Custom error name, or Error for a revert string' }),
          args: Type.Unknown(),
          message: Type.String(),
        },
        { description: 'The decoded revert of a transaction that would fail' },
      ),
    ),
    retryAfterSeconds: Type.Optional(Type.Integer()),
  },
  { $id: 'Problem', additionalProperties: true },
)

export type Problem = Static<typeof ProblemSchema>

const titles: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** The title of a status, as RFC 9110 names it. */
export function statusTitle(status: number): string {
  return titles[status] ?? 'Error'
}

/** Response schemas for the error statuses a route can answer, all problem+json. */
export function problemResponses(...statuses: number[]): Record<number, { $ref: string; description: string }> {
  return Object.fromEntries(statuses.map((status) => [status, { $ref: 'Problem#', description: statusTitle(status) }]))
}
