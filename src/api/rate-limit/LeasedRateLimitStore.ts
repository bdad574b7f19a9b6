import type { Redis } from 'ioredis'
import { entryOf } from '../../keyed/index.js'
import { MAX_CLIENTS, makeRoom } from './clientTable.js'

/**
 * Share of a client's remaining requests a replica takes from Redis at once. A sixteenth keeps a
 * request's Redis round trip off all but a few of a window's requests, and bounds what a client
 * that moves to another replica within a window can lose to the tokens left on the first.
 */
const LEASE_SHARE = 16

/**
 * Reads a client's count in the window and, while it is under `max`, adds a lease to it: a
 * sixteenth of what remains, at least what the caller asks for (the requests waiting for it) and
 * at most what remains. A count at `max` is left as it is and reported with its time to live, so
 * refused requests move nothing. The window starts with the first lease (fixed window); a count
 * found without one (written by something else) gets one, so no client is refused for good.
 * KEYS[1] the client's key; ARGV: window ms, max, share, requests waiting.
 * Returns { count after the lease, window's ms left, tokens leased (0: refused) }.
 */
const LEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local max = tonumber(ARGV[2])
local lease = 0
if count < max then
  local remaining = max - count
  lease = math.min(remaining, math.max(math.floor(remaining / tonumber(ARGV[3])), tonumber(ARGV[4])))
  count = redis.call('INCRBY', KEYS[1], lease)
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  ttl = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
end
return {count, ttl, lease}
`

/** What @fastify/rate-limit expects of a store's `incr` answer. */
export interface Counted {
  /** Requests counted in the window, this one included; above `max` means refused. */
  current: number
  /** Milliseconds until the window ends. */
  ttl: number
}

/** What a question to Redis came to: tokens leased, the client refused until the window ends, or no answer. */
export type LeaseOutcome = 'leased' | 'refused' | 'failed'

type Callback = (error: Error | null, counted?: Counted) => void

/** This replica's lease of one client's window. */
interface Lease {
  /** The window's count in Redis when the lease was taken: every replica's leases included. */
  count: number
  /** Requests this replica may still admit without asking Redis. */
  tokens: number
  /** When the window ends, ms since the epoch. */
  endsAt: number
  /** Whether Redis refused: the count is at `max` until the window ends, and nothing lowers it. */
  refused: boolean
}

interface Client {
  lease?: Lease
  /** Requests waiting for a lease being taken. */
  waiting?: { callback: Callback; max: number }[]
}

/** The Redis client with the lease script defined on it. */
type LeasingRedis = Redis & {
  rateLimitLease(key: string, windowMs: number, max: number, share: number, wanted: number): Promise<[number, number, number]>
}

/**
 * A rate-limit store for @fastify/rate-limit whose counts are shared by every replica through
 * Redis, without a Redis round trip for each request: a replica leases a share of a client's
 * remaining requests at once and admits them from memory, leasing again when they are used, and
 * one request at a time once few remain. A refusal is kept until the window ends (nothing can
 * lower a count in the window). Leases are taken from the shared count, so all replicas together
 * never admit more than `max` in a window; a client that moves to another replica within a window
 * can be refused early by at most the lease left on the first (a sixteenth of what it had left).
 * Requests that arrive while a lease is being taken wait for it and share it.
 */
export class LeasedRateLimitStore {
  private readonly clients = new Map<string, Client>()
  /** A client not yet in the table, for which room is made first. */
  private readonly newClient = (): Client => {
    if (this.clients.size >= this.maxClients) this.forgetSome()
    return {}
  }
  private readonly onLease: (outcome: LeaseOutcome) => void
  private readonly maxClients: number

  /**
   * `onLease` hears of each question to Redis: a lease, a refusal, or a failure to ask;
   * `maxClients` bounds the clients whose leases are kept in memory.
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: { onLease?: (outcome: LeaseOutcome) => void; maxClients?: number } = {},
  ) {
    this.onLease = options.onLease ?? (() => {})
    this.maxClients = options.maxClients ?? MAX_CLIENTS
    if (!('rateLimitLease' in redis)) redis.defineCommand('rateLimitLease', { numberOfKeys: 1, lua: LEASE_SCRIPT })
  }

  /** Counts one request of client `key` (@fastify/rate-limit's store interface). */
  incr(key: string, callback: Callback, windowMs: number, max: number): void {
    const client = this.clientOf(key)
    if (client.waiting) {
      client.waiting.push({ callback, max })
      return
    }
    const now = Date.now()
    const lease = client.lease
    if (lease && lease.endsAt > now && (lease.tokens > 0 || lease.refused)) {
      callback(null, admitFrom(lease, max, now))
      return
    }
    client.waiting = [{ callback, max }]
    this.takeLease(key, client, windowMs, max)
  }

  /**
   * Admits one request of client `key` from this replica's lease, when it holds tokens and no
   * request waits before this one; undefined when only `incr` can answer (no lease yet, none
   * left, a refusal, a lease being taken). Never asks Redis, never refuses.
   */
  admitNow(key: string, _windowMs: number, max: number): Counted | undefined {
    const client = this.clients.get(key)
    const lease = client?.lease
    const now = Date.now()
    if (!lease || client.waiting || lease.refused || lease.tokens <= 0 || lease.endsAt <= now) return undefined
    return admitFrom(lease, max, now)
  }

  /** A store for a route with a rate limit of its own: its counts apart from the others'. */
  child(route: { routeInfo: { method: string; url: string } }): LeasedRateLimitStore {
    return new LeasedRateLimitStore(this.redis, `${this.prefix}${route.routeInfo.method}${route.routeInfo.url}-`, {
      onLease: this.onLease,
      maxClients: this.maxClients,
    })
  }

  private takeLease(key: string, client: Client, windowMs: number, max: number): void {
    const wanted = client.waiting?.length ?? 1
    // The window's end is counted from before the question: the lease ends no later than the
    // window does in Redis, so no request it admits falls into the next window uncounted.
    const askedAt = Date.now()
    ;(this.redis as LeasingRedis).rateLimitLease(this.prefix + key, windowMs, max, LEASE_SHARE, wanted).then(
      ([count, ttl, tokens]) => {
        const now = Date.now()
        const lease = { count, tokens, endsAt: askedAt + Math.max(0, ttl), refused: tokens === 0 }
        this.onLease(lease.refused ? 'refused' : 'leased')
        client.lease = lease
        const waiting = client.waiting ?? []
        let served = 0
        while (served < waiting.length && (lease.tokens > 0 || lease.refused)) {
          const { callback, max: theirs } = waiting[served++]!
          callback(null, admitFrom(lease, theirs, now))
        }
        client.waiting = served < waiting.length ? waiting.slice(served) : undefined
        // More requests came than the lease covered: the rest ask for one of their own.
        if (client.waiting) this.takeLease(key, client, windowMs, max)
      },
      (error: Error) => {
        this.onLease('failed')
        const waiting = client.waiting ?? []
        client.waiting = undefined
        client.lease = undefined
        for (const { callback } of waiting) callback(error)
      },
    )
  }

  private clientOf(key: string): Client {
    return entryOf(this.clients, key, this.newClient)
  }

  /**
   * Drops clients whose window has ended, then the oldest down to nine tenths of the bound, so a
   * stream of new clients pays for one sweep per many of them, not one each. A dropped client's
   * tokens are only lost (counted in Redis, never granted twice); a dropped refusal is asked again.
   */
  private forgetSome(): void {
    const now = Date.now()
    makeRoom(
      this.clients,
      this.maxClients,
      (client) => !client.lease || client.lease.endsAt <= now,
      (client) => client.waiting !== undefined,
    )
  }
}

/** Admits one request from `lease` (or refuses it, once Redis refused), as @fastify/rate-limit reads it. */
function admitFrom(lease: Lease, max: number, now: number): Counted {
  const ttl = Math.max(0, lease.endsAt - now)
  if (lease.refused) return { current: Math.max(lease.count, max) + 1, ttl }
  lease.tokens--
  return { current: lease.count - lease.tokens, ttl }
}
