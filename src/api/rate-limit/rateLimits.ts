import type { IncomingMessage } from 'node:http'
import rateLimit from '@fastify/rate-limit'
import { rateLimited } from '../../errors/index.js'
import type { Metrics } from '../../metrics/index.js'
import { clientKeyOf } from './clientAddress.js'
import type { App, AppDeps } from '../deps.js'
import { type Counted, LeasedRateLimitStore, type LeaseOutcome } from './LeasedRateLimitStore.js'
import { LocalRateLimitStore } from './LocalRateLimitStore.js'

/**
 * Admits a request from memory when that is all it takes, returning its answer's rate-limit
 * headers; undefined when the request must go the full way (@fastify/rate-limit's hook), because
 * Redis must be asked or the client is to be refused.
 */
export type AdmitFromMemory = (request: IncomingMessage) => Record<string, string> | undefined

/** The headers of an admitted request when rate limits are off. */
const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>

/** What both stores offer the routes' hook and the kept reads (keptReads.ts). */
type Store = LeasedRateLimitStore | LocalRateLimitStore

/**
 * Requests per window and client (`config.rateLimit`; a max of 0 turns it off; the client as
 * clientAddress.ts names it), refused with a 429 problem that says when to retry. With Redis the
 * counts are shared by every replica through leases (LeasedRateLimitStore); while Redis is away
 * each request is let through rather than refused. Without Redis, each process counts alone.
 * Returns what the kept reads use to admit a request without the routes' hook.
 */
export async function registerRateLimits(app: App, deps: AppDeps, metrics: Metrics): Promise<AdmitFromMemory> {
  const { max, windowMs } = deps.config.rateLimit
  if (max <= 0) return () => NO_HEADERS
  const { redis } = deps
  const prefix = `${deps.config.redisPrefix}rate-limit:`
  const store: Store = redis
    ? new LeasedRateLimitStore(redis, prefix, { onLease: (outcome: LeaseOutcome) => metrics.rateLimitQuestions.inc({ outcome }) })
    : new LocalRateLimitStore()
  const keyOf = clientKeyOf(deps.config.trustProxy)
  await app.register(rateLimit, {
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => keyOf(request.raw),
    store: classOf(store) as never,
    ...(redis && { skipOnError: true }),
    errorResponseBuilder: (_request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return rateLimited(`more than ${context.max} requests in ${windowMs / 1000} s from this client; retry in ${retryAfterSeconds} s`, { retryAfterSeconds })
    },
  })
  return (request) => {
    const counted = store.admitNow(keyOf(request), windowMs, max)
    return counted && rateLimitHeaders(max, counted)
  }
}

/** The headers @fastify/rate-limit writes on an admitted request's answer. */
function rateLimitHeaders(max: number, { current, ttl }: Counted): Record<string, string> {
  return {
    'x-ratelimit-limit': String(max),
    'x-ratelimit-remaining': String(Math.max(0, max - current)),
    'x-ratelimit-reset': String(Math.ceil(ttl / 1000)),
  }
}

/** The library builds its store itself, from a class: one that hands it `store`. */
function classOf(store: Store) {
  return function StoreOfThisApp() {
    return store
  }
}
