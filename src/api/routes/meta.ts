import Type from 'typebox'
import { AppError } from '../../errors/index.js'
import { DevnetManifestSchema, type DevnetManifest } from '../../schema/index.js'
import type { App, AppDeps } from '../deps.js'
import { problemResponses } from '../schemas/problem.js'
import { LIMIT_ERRORS } from '../schemas/responses.js'

const VersionSchema = Type.Object({ version: Type.String({ description: 'The API version (of package.json)' }) })

const ReadySchema = Type.Object({
  status: Type.Literal('ready'),
  chains: Type.Record(
    Type.String(),
    Type.Object({ blockNumber: Type.String({ description: 'Decimal block number; "" before the first health check of the chain' }) }),
    {
      description: 'Each configured chain and the highest head its nodes reported',
    },
  ),
})

/** U1 /version, /healthz, /readyz, /openapi.json and (on the devnet) /devnet. */
export function registerMetaRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/version',
    {
      schema: {
        tags: ['meta'],
        summary: 'U1 — the API version',
        response: { 200: VersionSchema, ...problemResponses(...LIMIT_ERRORS) },
      },
    },
    async () => ({ version: deps.version }),
  )

  // Probes are never rate limited: a load balancer asks often, from one address.
  const probe = { rateLimit: false } as const

  app.get(
    '/healthz',
    { config: probe, schema: { tags: ['meta'], summary: 'The process is alive', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  )

  app.get(
    '/readyz',
    {
      config: probe,
      schema: {
        tags: ['meta'],
        summary: 'Every configured chain has a node that answered lately (from the health checks; no call is made) and the registry is loaded',
        response: { 200: ReadySchema, ...problemResponses('NOT_READY') },
      },
    },
    async () => {
      // From what the health checks and recent calls have seen: a probe never waits on a node.
      const health = [...deps.chains.values()].map((chain) => ({ chainId: chain.chainId, health: chain.rpc.health() }))
      const failed = health.filter((chain) => !chain.health.ready).map((chain) => chain.chainId)
      if (failed.length > 0 || deps.registry.chains.size === 0) {
        throw new AppError({
          code: 'NOT_READY',
          detail: failed.length ? `no node of chain ${failed.join(', ')} has answered lately` : 'no registry is loaded',
          retryAfterSeconds: 5,
        })
      }
      const chains = Object.fromEntries(health.map(({ chainId, health }) => [String(chainId), { blockNumber: String(health.head ?? '') }]))
      return { status: 'ready' as const, chains }
    },
  )

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())

  app.get(
    '/devnet',
    {
      schema: {
        tags: ['meta'],
        summary: 'What the embedded devnet deployed (only while it runs)',
        response: { 200: DevnetManifestSchema, ...problemResponses('NOT_FOUND', ...LIMIT_ERRORS) },
      },
    },
    async () => {
      if (!deps.devnet) {
        throw new AppError({ code: 'NOT_FOUND', detail: 'the embedded devnet is not running: this service serves configured chains' })
      }
      return deps.devnet as DevnetManifest
    },
  )
}
