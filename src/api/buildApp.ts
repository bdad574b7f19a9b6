import { registerMinBlock } from './request/minBlock.js'
import cors from '@fastify/cors'
import swagger from '@fastify/swagger'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify'
import { Metrics } from '../metrics/index.js'
import type { App, AppDeps } from './deps.js'
import { serveDocsOnDemand } from './pages/docsOnDemand.js'
import { swaggerOptions } from './openapi/swaggerOptions.js'
import { CORS_HEADERS, EXPOSED_HEADERS } from './request/corsHeaders.js'
import { type EarlyAnswer, keptReads, serverAnsweringEarly } from './answers/keptReads.js'
import { answerWrongMethods, clientErrorHandler, handleError, handleNotFound } from './problems/index.js'
import { registerRateLimits } from './rate-limit/index.js'
import { logResponse, requestIdOf } from './request/requestLog.js'
import { registerEcosystemRoutes } from './routes/ecosystem.js'
import { registerHarvestableRoutes } from './routes/harvestable.js'
import { registerHarvestRoutes } from './routes/harvests.js'
import { registerUserPnlRoutes } from './routes/userPnl.js'
import { registerStreamRoutes } from './routes/stream.js'
import { registerUserRoutes } from './routes/users.js'
import { registerHistoryRoutes } from './routes/history.js'
import { serializedAnswersOf } from './answers/serializedAnswers.js'
import { registerVaultRoutes } from './routes/vaults.js'
import { registerGuides } from './pages/guides.js'
import { registerWebPage } from './pages/webPage.js'
import { registerMetaRoutes } from './routes/meta.js'
import { registerPoolRoutes } from './routes/pool.js'
import { registerPoolDataRoutes } from './routes/poolData.js'
import { registerYieldRoutes } from './routes/yield.js'
import { ProblemSchema } from './schemas/problem.js'
import { formats } from '../schema/index.js'
import { createSchemaCompiler } from './request/validation.js'
import { sharedSerializers } from './answers/sharedSerializers.js'

/** Largest accepted request body. */
const BODY_LIMIT_BYTES = 16 * 1024

/**
 * Builds the Fastify app over the given dependencies: validation, problem+json errors, rate
 * limits, the OpenAPI document and every route. Does not listen.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  // Kept aggregate answers go out before routing (keptReads.ts) once the routes that keep them exist.
  let early: EarlyAnswer = () => false
  const app = Fastify({
    serverFactory: serverAnsweringEarly(() => early),
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // For Fastify's own `request.ip` and `hostname`; the rate limits name clients themselves
    // (clientAddress.ts), as Fastify 5 reads a hop count as trusting no proxy. Its typings only
    // list the other forms.
    trustProxy: deps.config.trustProxy as boolean | string,
    routerOptions: { ignoreTrailingSlash: true },
    // One line per answer, with the error code (requestLog.ts), instead of Fastify's two per request.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    // What Node refuses before routing (431, 408, 400) and bad URLs answer problem+json too.
    clientErrorHandler,
    frameworkErrors: handleError,
    // The serializer's own Ajv picks a response's anyOf branch: it is told our formats (else it
    // warns on stderr, once per schema, on the first answers of each route), as always met, since
    // it only picks a branch of an answer built to the schema.
    serializerOpts: { ajv: { formats: Object.fromEntries(Object.keys(formats).map((name) => [name, true])) } },
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.setValidatorCompiler(createSchemaCompiler())
  // Only JSON bodies: text/plain would otherwise reach the routes as a string.
  app.removeContentTypeParser('text/plain')
  app.addSchema(ProblemSchema)
  // A simple request's CORS headers never change, so they are set here with the request id; the
  // CORS library answers the preflights (OPTIONS) in a context of their own, where its hook, which
  // merges its options for every request it sees, runs for them alone.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    reply.headers(CORS_HEADERS)
    done()
  })
  app.setErrorHandler(handleError)
  app.setNotFoundHandler(handleNotFound)

  await app.register(async (preflights) => {
    await preflights.register(cors, { origin: '*', methods: ['GET', 'POST', 'OPTIONS'], exposedHeaders: EXPOSED_HEADERS, maxAge: 86_400 })
  })

  // A graceful close waits for every connection: once closing, each answer closes its keep-alive
  // connection, so in-flight requests finish and the process does not wait out the idle timeout.
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    // Streams never end by themselves: their clients reconnect elsewhere with their last event id.
    deps.stream?.close()
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  const metrics = deps.metrics ?? new Metrics()
  metrics.watchHeads(() => [...deps.chains.values()].map((chain) => ({ chainId: chain.chainId, head: chain.rpc.health().head })))
  app.addHook('onResponse', (request, reply, done) => {
    const { url } = request.routeOptions
    metrics.httpDuration.observe({ method: request.method, route: url ?? 'unmatched', status: String(reply.statusCode) }, reply.elapsedTime / 1000)
    logResponse(request, reply, url)
    done()
  })
  const addWrongMethodRoutes = answerWrongMethods(app)

  await app.register(swagger, swaggerOptions(deps))
  serveDocsOnDemand(app)

  const admit = await registerRateLimits(app, deps, metrics)

  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  )
  registerMinBlock(app, deps)
  const answers = serializedAnswersOf(deps)
  registerMetaRoutes(app, deps)
  registerYieldRoutes(app, deps)
  registerPoolRoutes(app, deps)
  registerEcosystemRoutes(app, answers)
  registerPoolDataRoutes(app, answers)
  registerHistoryRoutes(app, deps, answers)
  registerHarvestableRoutes(app, answers)
  registerVaultRoutes(app, answers)
  registerHarvestRoutes(app, answers)
  registerUserRoutes(app, deps)
  registerUserPnlRoutes(app, deps)
  registerStreamRoutes(app, deps, deps.stream)
  registerWebPage(app, { devnet: deps.devnet !== undefined })
  registerGuides(app)
  addWrongMethodRoutes()
  early = keptReads({ answers, admit, metrics, log: deps.log, closing: () => closing })
  return app
}
