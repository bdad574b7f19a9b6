import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify'
import type { Logger } from 'pino'
import type { ChainClient } from '../chain/index.js'
import type { Config } from '../config/index.js'
import type { Registry } from '../registry/index.js'

/** Everything the HTTP layer needs, built once by main.ts and passed down. */
export interface AppDeps {
  config: Config
  log: Logger
  version: string
  chains: Map<number, ChainClient>
  registry: Registry
  /** The embedded devnet's manifest, when the devnet runs. */
  devnet?: unknown
}

/** The Fastify instance with TypeBox inference, as every route module receives it. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>
