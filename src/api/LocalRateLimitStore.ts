import type { Counted } from './LeasedRateLimitStore.js'

/** Clients tracked at most; past it, windows that have ended are dropped, then the oldest. */
const MAX_CLIENTS = 10_000

/** Share of the bound kept when the oldest clients are dropped: one sweep makes room for many new clients. */
const KEPT_AFTER_SWEEP = 0.9

/** One client's fixed window. */
interface Window {
  count: number
  /** When the window ends, ms since the epoch. */
  endsAt: number
}

/**
 * A rate-limit store for @fastify/rate-limit that counts in this process alone (no Redis): a
 * fixed window per client that starts with its first request. A refused request is not counted,
 * so a client over its limit is admitted again as soon as its window ends. Every answer is known
 * at once, so `admitNow` admits whatever `incr` would admit.
 */
export class LocalRateLimitStore {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly maxClients = MAX_CLIENTS) {}

  /** Counts one request of client `key` (@fastify/rate-limit's store interface). */
  incr(key: string, callback: (error: Error | null, counted?: Counted) => void, windowMs: number, max: number): void {
    const window = this.windowOf(key, windowMs)
    const ttl = window.endsAt - Date.now()
    if (window.count >= max) {
      callback(null, { current: window.count + 1, ttl })
      return
    }
    callback(null, { current: ++window.count, ttl })
  }

  /** Admits one request of client `key` if it is under `max`; undefined when `incr` would refuse it. */
  admitNow(key: string, windowMs: number, max: number): Counted | undefined {
    const window = this.windowOf(key, windowMs)
    if (window.count >= max) return undefined
    return { current: ++window.count, ttl: window.endsAt - Date.now() }
  }

  /** A store for a route with a rate limit of its own: its counts apart from the others'. */
  child(): LocalRateLimitStore {
    return new LocalRateLimitStore(this.maxClients)
  }

  private windowOf(key: string, windowMs: number): Window {
    const now = Date.now()
    let window = this.windows.get(key)
    if (window && window.endsAt > now) return window
    if (!window && this.windows.size >= this.maxClients) this.forgetSome(now)
    window = { count: 0, endsAt: now + windowMs }
    this.windows.set(key, window)
    return window
  }

  /** Drops windows that have ended, then the oldest down to nine tenths of the bound. */
  private forgetSome(now: number): void {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key)
    const kept = Math.floor(this.maxClients * KEPT_AFTER_SWEEP)
    for (const key of this.windows.keys()) {
      if (this.windows.size <= kept) break
      this.windows.delete(key)
    }
  }
}
