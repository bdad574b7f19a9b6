import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import { entryOf } from '../../keyed/index.js'

type SerializerFactory = ReturnType<typeof SerializerSelector>

/**
 * Fastify's serializer compiler, compiling each response schema once, not once per route and status
 * that names it. Fastify asks for every route's serializers again for the HEAD twin it adds to each
 * GET, and the routes share their problem+json, 304 and many answer schemas (as copies: Fastify
 * normalizes each route's schema): the app asked for 816 serializers of 35 distinct schemas, each a
 * function generated and compiled anew. A schema is known by its JSON text (TypeBox's own marks are
 * symbols, which fast-json-stringify does not read); the method, URL and status Fastify also passes
 * only name it in a compile error.
 */
export function sharedSerializers(): SerializerFactory {
  const build = SerializerSelector()
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options)
    const compiled = new Map<string, ReturnType<typeof compile>>()
    return (route) => {
      return entryOf(compiled, JSON.stringify(route.schema), () => compile(route))
    }
  }
}
