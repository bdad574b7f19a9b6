import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { Logger } from 'pino'
import type { Redis } from 'ioredis'
import type { ServiceContext } from '../answer-state/index.js'
import type { RegistryCheckSummary } from '../registry-tools/index.js'
import type { Metrics } from '../metrics/index.js'
import type { StreamHub } from '../stream/index.js'

/** Everything the HTTP layer needs, built once by main.ts and passed down. */
export interface AppDeps extends ServiceContext {
  log: Logger
  version: string
  /** The embedded devnet's manifest, when the devnet runs. */
  devnet?: unknown
  /** Shares the rate-limit counters between replicas. */
  redis?: Redis
  /** Prometheus metrics served at /metrics (a fresh set when not given). */
  metrics?: Metrics
  /** The start's check of the registry against the nodes, once it has run (/status). */
  registryCheck?: { latest(): RegistryCheckSummary | undefined }
  /** The event stream's clients of this replica (GET /stream); absent where no event log is heard. */
  stream?: StreamHub
}

/** The Fastify instance with TypeBox inference, as every route module receives it. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>
