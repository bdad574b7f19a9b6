import rateLimit from '@fastify/rate-limit'
import { AppError } from '../errors/index.js'
import type { Redis } from 'ioredis'
import type { App, AppDeps } from './deps.js'
import type { Metrics } from '../metrics/index.js'
import { LeasedRateLimitStore, type LeaseOutcome } from './LeasedRateLimitStore.js'

/**
 * Requests per window and client IP (`config.rateLimit`; a max of 0 turns it off), refused with a
 * 429 problem that says when to retry. With Redis the counts are shared by every replica through
 * leases (LeasedRateLimitStore); while Redis is away each request is let through rather than
 * refused. Without Redis, each process counts alone.
 */
export async function registerRateLimits(app: App, deps: AppDeps, metrics: Metrics): Promise<void> {
  const { max, windowMs } = deps.config.rateLimit
  if (max <= 0) return
  const { redis } = deps
  const prefix = `${deps.config.redisPrefix}rate-limit:`
  await app.register(rateLimit, {
    max,
    timeWindow: windowMs,
    ...(redis && {
      store: storeClass(redis, prefix, (outcome) => metrics.rateLimitQuestions.inc({ outcome })) as never,
      skipOnError: true,
    }),
    errorResponseBuilder: (_request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000))
      return new AppError({
        code: 'RATE_LIMITED',
        detail: `more than ${context.max} requests in ${windowMs / 1000} s from this client; retry in ${retryAfterSeconds} s`,
        retryAfterSeconds,
      })
    },
  })
}

/** The library builds its store itself, from a class: one over `redis` and `prefix`. */
function storeClass(redis: Redis, prefix: string, onLease: (outcome: LeaseOutcome) => void) {
  return class extends LeasedRateLimitStore {
    constructor() {
      super(redis, prefix, { onLease })
    }
  }
}
