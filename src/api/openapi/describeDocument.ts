import { devnetExampleValues, STATIC_EXAMPLE_VALUES } from './exampleValues.js'
import type { OperationExample } from './exampleValues.js'
import { operationExamples } from './operationExamples.js'

/** The parts of an OpenAPI 3.1 document this module fills in; the rest passes through. */
interface Media {
  example?: unknown
  examples?: unknown
  schema?: { examples?: unknown }
}
interface Response {
  description?: string
  headers?: Record<string, unknown>
  content?: Record<string, Media>
}
interface Operation {
  parameters?: { in: string; name: string; example?: unknown; examples?: unknown }[]
  requestBody?: { content?: Record<string, Media> }
  responses?: Record<string, Response>
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>
  [key: string]: unknown
}

/** Every answer carries it (the request's own, or one generated). */
const REQUEST_ID_HEADER = {
  description: 'Names this request in the logs: the x-request-id sent with it, or one generated; quote it when reporting a problem',
  schema: { type: 'string' },
}

/**
 * Completes the document @fastify/swagger builds from the routes: every operation gets the
 * example of `operationExamples` (path and query parameters, body, 200 answer) and every answer
 * the `x-request-id` header. With the devnet's manifest the examples are its contracts and
 * accounts, so every "Try it out" in /docs answers 2xx; without it they are fixed samples.
 */
export function describeDocument(document: OpenApiDocument, input: { devnet?: unknown; version: string }): OpenApiDocument {
  const examples = operationExamples(devnetExampleValues(input.devnet) ?? STATIC_EXAMPLE_VALUES, input.version)
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const example = examples[`${method} ${path}`]
      if (example) applyExample(operation, example)
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') response.description = status === '200' ? 'OK' : response.description
        response.headers = { ...response.headers, 'x-request-id': REQUEST_ID_HEADER }
      }
    }
  }
  return document
}

function applyExample(operation: Operation, example: OperationExample): void {
  for (const parameter of operation.parameters ?? []) {
    const values = parameter.in === 'path' ? example.params : parameter.in === 'query' ? example.query : undefined
    delete parameter.examples
    if (values && parameter.name in values) parameter.example = values[parameter.name]
    else delete parameter.example
  }
  const body = operation.requestBody?.content?.['application/json']
  if (body && example.body !== undefined) setExample(body, example.body)
  const content = operation.responses?.['200']?.content
  const ok = content?.['application/json'] ?? content?.['text/event-stream']
  if (ok && example.ok !== undefined) setExample(ok, example.ok)
}

/** One example per media type: the operation's, in place of whatever a shared schema carried. */
function setExample(media: Media, value: unknown): void {
  delete media.examples
  if (media.schema) delete media.schema.examples
  media.example = value
}
