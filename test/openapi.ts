import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { entryOf } from '../src/keyed/index.js'
import { formats } from '../src/schema/index.js'

/** What the tests read of an OpenAPI 3.1 document. */
export interface Media {
  schema?: object
  example?: unknown
  examples?: Record<string, { value: unknown }>
}
export interface DocumentedResponse {
  description: string
  headers?: Record<string, { schema: object }>
  content?: Record<string, Media>
}
export interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: object; example?: unknown }[]
  requestBody?: { content: Record<string, Media> }
  responses: Record<string, DocumentedResponse>
}
export interface Document {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, object> }
}

/** Every operation of the document, as `METHOD path` with its description. */
export function operationsOf(document: Document): { key: string; method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation })),
  )
}

/** The request an operation's examples make: its URL (path and query filled in) and body. */
export function exampleRequest(path: string, operation: Operation): { url: string; body: unknown } {
  const parameters = operation.parameters ?? []
  const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const example = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.example
    if (example === undefined) throw new Error(`${path}: no example for the path parameter ${name}`)
    return encodeURIComponent(String(example))
  })
  const query = new URLSearchParams(
    parameters
      .filter((parameter) => parameter.in === 'query' && parameter.example !== undefined)
      .map((parameter): [string, string] => [parameter.name, String(parameter.example)]),
  )
  return { url: query.size > 0 ? `${url}?${query}` : url, body: operation.requestBody?.content['application/json']?.example }
}

/**
 * Validates values against schemas of the document as JSON Schema 2020-12 (what OpenAPI 3.1 uses),
 * with the service's string formats; `$ref`s to the document's components resolve.
 */
export function schemaValidator(document: Document): (schema: object) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, { type: 'string', validate: format.check })
  ajv.addSchema({ $id: 'document', components: document.components })
  // Keyed by the schema's text: the document repeats the same schema (Problem, TxDescriptor) in many places.
  const compiled = new Map<string, ValidateFunction>()
  return (schema) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"document#/components/')
    return entryOf(compiled, text, () => ajv.compile(JSON.parse(text)))
  }
}
