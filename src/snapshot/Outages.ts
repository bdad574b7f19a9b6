import type { Logger } from 'pino'

/** What the refresher depends on that is failing (a node, the store, the index): each outage is logged once when it starts and once when it ends. */
export class Outages {
  private readonly failing = new Set<string>()

  constructor(private readonly log: Logger) {}

  failed(what: string, error: unknown): void {
    if (this.failing.has(what)) return
    this.failing.add(what)
    this.log.warn({ err: error }, `refresher: ${what} failed; serving the last snapshot and retrying`)
  }

  recovered(what: string): void {
    if (this.failing.delete(what)) this.log.info(`refresher: ${what} is back`)
  }
}
