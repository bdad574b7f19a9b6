/** The window a provider counts calls in, ms, and a margin for the time a request takes to reach it. */
const WINDOW_MS = 1_000
const MARGIN_MS = 10

/**
 * A node's request budget, as providers sell them: at most `perSecond` calls (each call of a batch
 * counts) in any second, counted as a provider counts them, over a sliding window. A batch waits
 * for its turn rather than meet a 429 and sit out the node's Retry-After (a pool with one URL has
 * nowhere else to go meanwhile). A batch larger than the budget goes alone.
 */
export class CallBudget {
  /** When each call let through in the last window was sent, oldest first (performance.now(), ms). */
  private sent: number[] = []

  constructor(private readonly perSecond: number) {}

  /** Waits until `calls` more fit in the window, and counts them as sent now. */
  async take(calls: number): Promise<void> {
    for (;;) {
      const now = performance.now()
      while (this.sent.length > 0 && this.sent[0]! <= now - WINDOW_MS - MARGIN_MS) this.sent.shift()
      const over = this.sent.length + calls - this.perSecond
      if (over <= 0 || this.sent.length === 0) {
        for (let call = 0; call < calls; call++) this.sent.push(now)
        return
      }
      // Until the oldest calls that keep these out have left the window.
      const leaves = this.sent[Math.min(over, this.sent.length) - 1]! + WINDOW_MS + MARGIN_MS
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, leaves - now + 1)))
    }
  }
}
