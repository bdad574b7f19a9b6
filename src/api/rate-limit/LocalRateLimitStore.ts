import { MAX_CLIENTS, makeRoom } from './clientTable.js'
import type { Counted } from './LeasedRateLimitStore.js'

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
    callback(null, admit(window, max) ?? { current: window.count + 1, ttl: window.endsAt - Date.now() })
  }

  /** Admits one request of client `key` if it is under `max`; undefined when `incr` would refuse it. */
  admitNow(key: string, windowMs: number, max: number): Counted | undefined {
    return admit(this.windowOf(key, windowMs), max)
  }

  /** A store for a route with a rate limit of its own: its counts apart from the others'. */
  child(): LocalRateLimitStore {
    return new LocalRateLimitStore(this.maxClients)
  }

  private windowOf(key: string, windowMs: number): Window {
    const now = Date.now()
    let window = this.windows.get(key)
    if (window && window.endsAt > now) return window
    if (!window && this.windows.size >= this.maxClients) makeRoom(this.windows, this.maxClients, ({ endsAt }) => endsAt <= now)
    window = { count: 0, endsAt: now + windowMs }
    this.windows.set(key, window)
    return window
  }
}

/** Counts one request in `window` if it is under `max`; a refused one is not counted. */
function admit(window: Window, max: number): Counted | undefined {
  if (window.count >= max) return undefined
  return { current: ++window.count, ttl: window.endsAt - Date.now() }
}
