/** The window a provider counts calls in, ms, and a margin for timers that fire early. */
const WINDOW_MS = 1_000
const MARGIN_MS = 10

/** Tells a CallBudget that the calls it let through were answered (or failed): their second runs from now. */
export type Answered = () => void

/**
 * A node's request budget, as providers sell them: at most `perSecond` calls (each call of a batch
 * counts) in any second, over a sliding window. A batch waits for its turn rather than meet a 429
 * and sit out the node's Retry-After (a pool with one URL has nowhere else to go meanwhile). A
 * batch larger than the budget goes alone.
 *
 * A provider counts a call when it arrives, which the sender cannot see: a request may wait in a
 * socket or a busy event loop before it leaves, and in the provider's queue before it is counted,
 * longer than the one after it. So a call holds its place from when it is let through until a
 * second after its answer came, by which time the provider has surely counted it; counted from
 * when it was sent, a call that waited on the way still filled the provider's window after it had
 * left the sender's, and the next call met a 429.
 */
export class CallBudget {
  /** The calls in the window: when each leaves it (performance.now(), ms), Infinity while unanswered. */
  private calls: { leavesAt: number }[] = []
  /** Callers waiting for a place, woken when an answer starts a call's second. */
  private waiting: (() => void)[] = []

  constructor(private readonly perSecond: number) {}

  /** Waits until `calls` more fit in the window and counts them; the caller says when they were answered. */
  async take(calls: number): Promise<Answered> {
    for (;;) {
      const now = performance.now()
      this.calls = this.calls.filter((call) => call.leavesAt > now)
      const over = this.calls.length + calls - this.perSecond
      if (over <= 0 || this.calls.length === 0) return this.let(calls)
      // Until enough answered calls have left the window, or another answer comes.
      const leaving = this.calls
        .map((call) => call.leavesAt)
        .filter(Number.isFinite)
        .sort((a, b) => a - b)
      const leavesAt = leaving[over - 1]
      await new Promise<void>((resolve) => {
        const timer = leavesAt === undefined ? undefined : setTimeout(resolve, Math.max(1, leavesAt - now + 1))
        this.waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  private let(count: number): Answered {
    const taken = Array.from({ length: count }, () => ({ leavesAt: Number.POSITIVE_INFINITY }))
    this.calls.push(...taken)
    let answered = false
    return () => {
      if (answered) return
      answered = true
      const leavesAt = performance.now() + WINDOW_MS + MARGIN_MS
      for (const call of taken) call.leavesAt = leavesAt
      const waiting = this.waiting
      this.waiting = []
      for (const wake of waiting) wake()
    }
  }
}
