import type { Redis } from 'ioredis'

/**
 * Deletes every key under `prefix` (a bench deployment's own, e.g. `bench-<uuid>:`), so that a
 * run leaves nothing in the Redis it shares with the tests. Returns how many were deleted.
 */
export async function deleteKeysUnder(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 1_000 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) deleted += await redis.del(...keys)
  }
  return deleted
}
