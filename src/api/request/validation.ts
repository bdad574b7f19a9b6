import type { ErrorObject } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { createValidator } from '../../schema/index.js'

/** How an integer is written in a URL: decimal digits, no sign, space, exponent, hex or leading zero. */
const INTEGER_TEXT = /^(0|[1-9][0-9]*)$/

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null }

/**
 * JSON bodies are validated as sent (an amount as a JSON number is refused, not coerced);
 * query strings and path parameters are texts, coerced to the numbers their schema asks for. Ajv
 * would coerce " 1", "0x38" and "5.6e1" too (pid 0 from a blank, chain 56 from hex), so an
 * integer parameter's text must be plain decimal digits first.
 */
export function createSchemaCompiler(): FastifySchemaCompiler<object> {
  const strict = createValidator({ coerce: false })
  const coercing = createValidator({ coerce: true })
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return strict.compile(schema)
    const validate = coercing.compile(schema)
    const integers = integerProperties(schema)
    if (integers.length === 0) return validate
    const checked: Validate = (data) => {
      const texts = data as Record<string, unknown>
      const errors = integers
        .filter(([name]) => typeof texts?.[name] === 'string' && !INTEGER_TEXT.test(texts[name] as string))
        .map(([name, property]) => notDigits(name, property))
      if (errors.length === 0) {
        const valid = validate(data)
        checked.errors = validate.errors
        return valid
      }
      checked.errors = errors
      return false
    }
    return checked
  }
}

/** The properties of an object schema that are integers, with their schemas. */
function integerProperties(schema: object): [string, object][] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}
  return Object.entries(properties).filter(([, property]) => property.type === 'integer')
}

/** The error Ajv would give, so the problem names the field with its rule. */
function notDigits(name: string, property: object): ErrorObject {
  return {
    keyword: 'type',
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}/type`,
    params: { type: 'integer' },
    message: 'must be integer',
    parentSchema: property,
  } as ErrorObject
}
