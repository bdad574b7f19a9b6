import type { Redis } from 'ioredis'
import type { Logger } from 'pino'

/** Who refreshes a chain: one holder at a time across replicas, expiring if the holder dies. */
export interface RefreshLock {
  /** Takes the chain's lock, or renews it when this process holds it; false when another does. */
  acquire(chainId: number): Promise<boolean>
  release(chainId: number): Promise<void>
}

/** One process: always its own. */
export class LocalRefreshLock implements RefreshLock {
  async acquire(): Promise<boolean> {
    return true
  }
  async release(): Promise<void> {}
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`

/**
 * A lock per chain in Redis (`SET NX PX`), renewed by its holder on every refresh. A holder that
 * dies stops renewing and the lock expires after `ttlMs`, so another refresher takes over. When
 * Redis is down every refresher refreshes for itself (logged once): answers stay fresh.
 */
export class RedisRefreshLock implements RefreshLock {
  private warned = false

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly owner: string,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  async acquire(chainId: number): Promise<boolean> {
    const key = `${this.prefix}refresh-lock:${chainId}`
    try {
      const taken = await this.redis.set(key, this.owner, 'PX', this.ttlMs, 'NX')
      this.warned = false
      if (taken === 'OK') return true
      return (await this.redis.eval(RENEW, 1, key, this.owner, String(this.ttlMs))) === 1
    } catch (error) {
      if (!this.warned) this.log.warn({ err: error }, 'redis unavailable: refreshing without the shared lock')
      this.warned = true
      return true
    }
  }

  async release(chainId: number): Promise<void> {
    await this.redis.eval(RELEASE, 1, `${this.prefix}refresh-lock:${chainId}`, this.owner).catch(() => undefined)
  }
}
