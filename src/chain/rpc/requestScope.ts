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

const scopes = new AsyncLocalStorage<RequestScope>()

/** Runs `fn` (and everything it starts) under a budget of `budgetMs` for its node calls. */
export function withRequestBudget<T>(budgetMs: number, fn: () => T): T {
  return scopes.run({ deadline: Date.now() + budgetMs, pending: new Map() }, fn)
}

/** The scope of the request being served, if any (the refresher's work has none). */
export function currentScope(): RequestScope | undefined {
  return scopes.getStore()
}
