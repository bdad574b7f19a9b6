import type { Redis } from 'ioredis'

/**
 * Deletes every key under `prefix` (a bench deployment's own, e.g. `bench-<uuid>:`), so that a
 * run leaves nothing in the Redis it shares with the tests.
 */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<void> {
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1_000 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) await redis.del(...keys)
  }
}
