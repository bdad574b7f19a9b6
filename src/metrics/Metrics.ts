import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * The service's Prometheus metrics, on a registry of its own (so tests and several apps in one
 * process do not collide): HTTP latency per route, RPC requests per chain and method, refresher
 * outcomes and the age of each chain's snapshot.
 */
export class Metrics {
  readonly registry = new Registry()

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })

  readonly rpcRequests = new Counter({
    name: 'rpc_requests_total',
    help: 'JSON-RPC requests sent to chain nodes, by chain and method',
    labelNames: ['chain', 'method'] as const,
    registers: [this.registry],
  })

  readonly refreshes = new Counter({
    name: 'snapshot_refreshes_total',
    help: 'Snapshot refreshes by chain and outcome (taken, confirmed, failed)',
    labelNames: ['chain', 'outcome'] as const,
    registers: [this.registry],
  })

  /** What `snapshot_age_seconds` reports when scraped. */
  private snapshots: () => { chainId: number; takenAt: number }[] = () => []

  readonly snapshotAge: Gauge<'chain'>

  constructor(options: { processMetrics?: boolean } = {}) {
    const metrics = this
    this.snapshotAge = new Gauge({
      name: 'snapshot_age_seconds',
      help: "Seconds since each chain's snapshot was taken or confirmed current",
      labelNames: ['chain'] as const,
      registers: [this.registry],
      collect() {
        for (const { chainId, takenAt } of metrics.snapshots()) this.set({ chain: String(chainId) }, (Date.now() - takenAt) / 1000)
      },
    })
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry })
  }

  /** Counts one JSON-RPC request (the chain clients call this). */
  rpc(chainId: number, method: string): void {
    this.rpcRequests.inc({ chain: String(chainId), method })
  }

  /** Reports the age of the snapshots `latest` gives for `chainIds`, read when scraped. */
  watchSnapshots(chainIds: readonly number[], latest: (chainId: number) => { takenAt: number } | undefined): void {
    this.snapshots = () => chainIds.flatMap((chainId) => {
      const snapshot = latest(chainId)
      return snapshot ? [{ chainId, takenAt: snapshot.takenAt }] : []
    })
  }
}
