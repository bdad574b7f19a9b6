/** A caller waiting for the index to reach `block` in a pass begun after it asked (`after`: the passes begun by then). */
interface Waiter {
  block: bigint
  after: number
  resolve: (reached: boolean) => void
}

/** The callers of ChainIndexer.reach, each released by the first pass that satisfies it or by its timeout. */
export class BlockWaiters {
  private waiters: Waiter[] = []

  /** Resolves true once `release` reports `block` indexed by a pass later than `after`, false after `timeoutMs`. */
  wait(block: bigint, after: number, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        block,
        after,
        resolve: (reached) => {
          clearTimeout(timer)
          resolve(reached)
        },
      }
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter)
        resolve(false)
      }, timeoutMs)
      timer.unref()
      this.waiters.push(waiter)
    })
  }

  /** Pass `pass` left the index at `indexedBlock`: releases the waiters it satisfies. */
  release(indexedBlock: bigint, pass: number): void {
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.block > indexedBlock || waiter.after >= pass) return true
      waiter.resolve(true)
      return false
    })
  }

  /** Releases every waiter unsatisfied (the indexer stopped). */
  clear(): void {
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false)
  }
}
