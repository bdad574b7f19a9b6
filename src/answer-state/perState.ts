import { entryOf } from '../keyed/index.js'
import type { PricedState } from '../pricing/index.js'

const results = new WeakMap<PricedState, Map<string, unknown>>()
const newMemo = () => new Map<string, unknown>()

/**
 * `compute()` once per priced state and `key`: a snapshot is read by many requests, and what they
 * derive from it (a chain's TVL parts, its pool list) does not change until the next snapshot.
 * Callers must not change what they get.
 */
export function perState<T>(priced: PricedState, key: string, compute: () => T): T {
  const memo = entryOf(results, priced, newMemo)
  if (!memo.has(key)) {
    const value = compute()
    memo.set(key, value)
    // A failed computation is not kept: the next request tries again.
    if (value instanceof Promise) value.catch(() => memo.delete(key))
  }
  return memo.get(key) as T
}
