/** Longest pause after consecutive failed passes, ms. */
const MAX_BACKOFF_MS = 10_000

/**
 * Runs passes one after another: at once while a pass says more waits, after `pollIntervalMs`
 * when caught up, and after a pause doubling from 250 ms up to 10 s while they fail. `wake` ends
 * a pause early (a caller waits for a block).
 */
export class PassLoop {
  private stopped = false
  private running: Promise<void> | undefined
  private timer: NodeJS.Timeout | undefined
  private wakeUp: (() => void) | undefined
  private failures = 0

  constructor(
    private readonly pass: () => Promise<boolean>,
    private readonly pollIntervalMs: number,
    /** Called with each failure and how many passes in a row have failed. */
    private readonly onFailure: (error: unknown, failures: number) => void,
  ) {}

  get isRunning(): boolean {
    return this.running !== undefined && !this.stopped
  }

  get isStopped(): boolean {
    return this.stopped
  }

  /** False while its passes fail. */
  get healthy(): boolean {
    return this.failures === 0
  }

  start(): void {
    this.running ??= this.loop()
  }

  wake(): void {
    this.wakeUp?.()
  }

  /** Stops after the pass under way. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    this.wakeUp?.()
    await this.running
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let behind = false
      try {
        behind = await this.pass()
        this.failures = 0
      } catch (error) {
        this.failures++
        this.onFailure(error, this.failures)
      }
      if (this.stopped) break
      const pause = this.failures > 0 ? Math.min(MAX_BACKOFF_MS, 250 * 2 ** (this.failures - 1)) : behind ? 0 : this.pollIntervalMs
      if (pause > 0) await this.sleep(pause)
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wakeUp = () => {
        clearTimeout(this.timer)
        this.wakeUp = undefined
        resolve()
      }
      this.timer = setTimeout(this.wakeUp, ms)
      this.timer.unref()
    })
  }
}
