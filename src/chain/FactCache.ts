import { entryOf } from '../keyed/index.js'

/**
 * Facts read once from the chain and kept for the life of the process (a vault's want, a reward
 * pool's staking tokens): things that do not change, or only grow, so a request does not pay a
 * round trip for them. Concurrent loads of one key share one promise; a failed load is forgotten.
 */
export class FactCache {
  private readonly entries = new Map<string, Promise<unknown>>()

  /** The value under `key`, loading it with `load` the first time. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return entryOf(this.entries, key, () => {
      const entry = load()
      entry.catch(() => this.entries.delete(key))
      return entry
    }) as Promise<T>
  }

  /** Forgets `key`, so the next `get` reads the chain again (e.g. a pool gained a staking pool). */
  forget(key: string): void {
    this.entries.delete(key)
  }
}
