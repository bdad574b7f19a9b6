/**
 * What one client request allows its chain work: a deadline shared by every node call it makes,
 * across retries and fallbacks. It is passed explicitly, in the chain clients of the request
 * (ChainClient.within), not kept in an AsyncLocalStorage: on Node 20 that storage puts async hooks
 * on every promise of the process while a request is open, work every build would pay for and
 * none needs. A scoped call goes to the node in one batch with the others started in the same
 * turn of the event loop (RpcPool.call).
 */
export interface RequestScope {
  /** Epoch ms by which every node call of the request must have answered. */
  deadline: number
}

/** A scope whose node calls must answer within `budgetMs`, of which `spentMs` have passed already (since the request arrived). */
export function requestScope(budgetMs: number, spentMs = 0): RequestScope {
  return { deadline: Date.now() + budgetMs - spentMs }
}
