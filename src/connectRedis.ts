import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

/** How long the start waits for Redis before going on with local memory. */
const REDIS_START_WAIT_MS = 3_000

/**
 * A Redis client that fails fast while Redis is away (no queue, one retry) and reconnects on its
 * own. The start waits a moment for it to be ready, so the first reads find what is there.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  // Loaded only here: a process without REDIS_URL (the devnet's) never pays for the client.
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  })
  let down = false
  redis.on('error', (error: Error) => {
    if (!down) log.warn({ err: error }, 'redis unavailable: this process falls back to its own memory until it returns')
    down = true
  })
  redis.on('ready', () => {
    if (down) log.info('redis is back')
    down = false
  })
  await waitUntilReady(redis, REDIS_START_WAIT_MS)
  return redis
}

/** Resolves when `redis` is ready or after `ms`, whichever comes first. */
export function waitUntilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    redis.once('ready', done)
    function done() {
      clearTimeout(timer)
      redis.off('ready', done)
      resolve()
    }
  })
}
