import type { StaticDocumentSpec } from '@fastify/swagger'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { App } from '../deps.js'

/** Where Swagger UI is served. */
const DOCS_PREFIX = '/docs'

/** Headers of the in-process answer that this app's own reply writes again. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date'])

/**
 * Swagger UI at /docs, loaded on its first request: most replicas never serve it, and its modules
 * (the UI plugin, static file serving, a YAML library) cost each process about 5 MB. The UI runs
 * in an app of its own over this app's OpenAPI document (`app.swagger()`, so /docs and
 * /openapi.json always agree), and /docs requests reach it in-process. Register after
 * @fastify/swagger.
 */
export function serveDocsOnDemand(app: App): void {
  let docs: Promise<FastifyInstance> | undefined
  const open = async (): Promise<FastifyInstance> => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')])
    const ui = Fastify({ routerOptions: { ignoreTrailingSlash: true } })
    // The document this app built: an OpenAPI 3.1 one, which the static mode's typings do not list.
    await ui.register(swagger, { mode: 'static', specification: { document: app.swagger() as StaticDocumentSpec['document'] } })
    await ui.register(swaggerUi, { routePrefix: DOCS_PREFIX })
    await ui.ready()
    return ui
  }
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // A failed load is tried again by the next request.
    docs ??= open().catch((error: unknown) => {
      docs = undefined
      throw error
    })
    const answer = await (await docs).inject({ method: request.method as 'GET' | 'HEAD', url: request.url, headers: request.headers })
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !FRAMING_HEADERS.has(name)) reply.header(name, value)
    return reply.code(answer.statusCode).send(answer.rawPayload)
  }
  app.get(DOCS_PREFIX, { schema: { hide: true } }, forward)
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, forward)
}
