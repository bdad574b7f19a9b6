import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { withRequestBudget } from '../chain/index.js'
import { AppError } from '../errors/index.js'
import { Metrics } from '../metrics/index.js'
import type { App, AppDeps } from './deps.js'
import { handleError, handleNotFound } from './problem.js'
import { registerEcosystemRoutes } from './routes/ecosystem.js'
import { registerHistoryRoutes } from './routes/history.js'
import { registerMetaRoutes } from './routes/meta.js'
import { registerPoolRoutes } from './routes/pool.js'
import { registerPoolDataRoutes } from './routes/poolData.js'
import { registerYieldRoutes } from './routes/yield.js'
import { ProblemSchema } from './schemas/problem.js'
import { createSchemaCompiler } from './validation.js'

/** Largest accepted request body. */
const BODY_LIMIT_BYTES = 16 * 1024

/** Response headers a browser client may read. */
const EXPOSED_HEADERS = ['x-block-number', 'x-block-numbers', 'age', 'x-stale', 'retry-after', 'etag', 'x-omitted-tokens', 'x-omitted-bridges', 'x-omitted-pools']

/**
 * Builds the Fastify app over the given dependencies: validation, problem+json errors, rate
 * limits, the OpenAPI document and every route. Does not listen.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify takes a hop count too; its typings only list the other forms.
    trustProxy: deps.config.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setValidatorCompiler(createSchemaCompiler())
  // Only JSON bodies: text/plain would otherwise reach the routes as a string.
  app.removeContentTypeParser('text/plain')
  app.addSchema(ProblemSchema)
  // Every node call a request makes shares one deadline, across retries and fallbacks.
  app.addHook('onRequest', (_request, _reply, done) => withRequestBudget(deps.config.requestBudgetMs, done))
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(handleNotFound)

  // dApp front ends call from browsers: any origin may read, and see the freshness headers.
  await app.register(cors, { origin: '*', methods: ['GET', 'POST', 'OPTIONS'], exposedHeaders: EXPOSED_HEADERS, maxAge: 86_400 })

  // A graceful close waits for every connection: once closing, each answer closes its keep-alive
  // connection, so in-flight requests finish and the process does not wait out the idle timeout.
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  const metrics = deps.metrics ?? new Metrics()
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000)
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Yield vault, staking pool and ecosystem API',
        version: deps.version,
        description:
          'Unsigned transaction descriptors, on-chain positions and ecosystem data for yield vaults and staking reward pools. Errors are application/problem+json (RFC 9457).',
      },
      tags: [
        { name: 'meta', description: 'Version, health and documentation' },
        { name: 'yield', description: 'Yield vaults (Y1–Y9)' },
        { name: 'pool', description: 'Staking reward pools (P1–P7)' },
        { name: 'ecosystem', description: 'TVL, pools, bridges, tokens, LP value (U2, U3, E1–E3)' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })

  if (deps.config.rateLimit.max > 0) {
    await app.register(rateLimit, {
      max: deps.config.rateLimit.max,
      timeWindow: deps.config.rateLimit.windowMs,
      ...(deps.redis && { redis: deps.redis, nameSpace: `${deps.config.redisPrefix}rate-limit:`, skipOnError: true }),
      errorResponseBuilder: (_request, context) =>
        new AppError({
          code: 'RATE_LIMITED',
          status: 429,
          detail: `more than ${context.max} requests in ${context.after}; slow down`,
          retryable: true,
          retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
        }),
    })
  }

  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  )
  registerMetaRoutes(app, deps)
  registerYieldRoutes(app, deps)
  registerPoolRoutes(app, deps)
  registerEcosystemRoutes(app, deps)
  registerPoolDataRoutes(app, deps)
  registerHistoryRoutes(app, deps)
  return app
}
