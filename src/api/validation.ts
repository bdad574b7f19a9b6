import type { FastifySchemaCompiler } from 'fastify'
import { createValidator } from '../schema/index.js'

/**
 * JSON bodies are validated as sent (an amount as a JSON number is refused, not coerced);
 * query strings and path parameters are texts, coerced to the numbers their schema asks for.
 */
export function createSchemaCompiler(): FastifySchemaCompiler<object> {
  const strict = createValidator({ coerce: false })
  const coercing = createValidator({ coerce: true })
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema)
}
