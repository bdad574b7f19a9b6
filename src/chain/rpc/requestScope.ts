import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What one client request allows its chain work: a deadline shared by every node call it makes,
 * across retries and fallbacks, and a place where the calls it starts together meet so they
 * travel to the node as one JSON-RPC batch (one round trip).
 */
export interface RequestScope {
  /** Epoch ms by which every node call of the request must have answered. */
  deadline: number
  /** Calls waiting to be sent together, per chain (filled and emptied by the RPC pools). */
  pending: Map<number, unknown>
}

/**
 * The scope of the work running now. Node 20 pays for an AsyncLocalStorage on every promise,
 * tick and socket write of the whole process (async hooks) from its first `run()` on, not only
 * inside scopes: about a tenth of a kept read's CPU (BENCHMARKS.md). So it is switched off
 * whenever no scope is open, and a replica that only serves kept answers between blocks pays
 * nothing; `run()` switches it on again.
 */
const scopes = new AsyncLocalStorage<RequestScope>()

/** Scopes open now. */
let open = 0

/** Runs `fn` (and everything it starts) under a budget of `budgetMs` for its node calls, until what it returns settles. */
export async function withRequestBudget<T>(budgetMs: number, fn: () => Promise<T>): Promise<T> {
  const close = opened()
  try {
    return await scopes.run(scopeOf(budgetMs), fn)
  } finally {
    close()
  }
}

/**
 * Continues a request under a budget of `budgetMs` for its node calls: `next` (and everything it
 * starts) runs in the scope, which stays open until the request ends; `untilEnd` is given what
 * closes it, to call then (once or more).
 */
export function enterRequestBudget(budgetMs: number, next: () => void, untilEnd: (close: () => void) => void): void {
  untilEnd(opened())
  scopes.run(scopeOf(budgetMs), next)
}

/** How many scopes are open now (none between requests: then the storage is off). */
export function openScopes(): number {
  return open
}

function scopeOf(budgetMs: number): RequestScope {
  return { deadline: Date.now() + budgetMs, pending: new Map() }
}

/** Counts a scope open, and returns what closes it: the last one closed switches the storage off. */
function opened(): () => void {
  open++
  let closed = false
  return () => {
    if (closed) return
    closed = true
    if (--open === 0) scopes.disable()
  }
}

/** The scope of the request being served, if any (the refresher's work has none). */
export function currentScope(): RequestScope | undefined {
  return scopes.getStore()
}
