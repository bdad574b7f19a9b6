import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { RpcTallies } from './RpcTallies.js'
import { SeriesHistogram } from './SeriesHistogram.js'

/** What the index gauges read of a snapshot's index progress. */
interface IndexGauges {
  indexedBlock: bigint | undefined
  head: bigint | undefined
  backfill: number
}

/** Seconds: the buckets of the node calls' and attempts' times. */
const RPC_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/**
 * The service's Prometheus metrics, on a registry of its own (so tests and several apps in one
 * process do not collide): HTTP latency per route, RPC requests per chain and method, refresher
 * outcomes and the age of each chain's snapshot.
 */
export class Metrics {
  readonly registry = new Registry()

  /** Observed once per request: its series can be found once (SeriesHistogram), as the kept reads do. */
  readonly httpDuration = new SeriesHistogram(
    'http_request_duration_seconds',
    'HTTP request duration by method, route and status',
    ['method', 'route', 'status'] as const,
    [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    this.registry,
  )

  readonly rateLimitQuestions = new Counter({
    name: 'rate_limit_redis_questions_total',
    help: "Questions the rate limiter asked Redis, by outcome (leased: a share of a client's window taken; refused: the client is at its limit until the window ends; failed: Redis did not answer and the request went through)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  })

  /** Node calls by chain, method and outcome, and their times, with no label work per call. */
  private readonly rpcCalls = new RpcTallies(
    this.registry,
    'method',
    {
      name: 'rpc_requests_total',
      help: 'JSON-RPC calls made to chain nodes, by chain, method and outcome (ok; reverted: the call would revert; refused: every node would refuse it; failed: no node answered)',
    },
    {
      name: 'rpc_request_duration_seconds',
      help: 'Time from asking a JSON-RPC call to its answer (retries and failover included), by chain and method',
      buckets: RPC_BUCKETS,
    },
  )

  /** Attempts on each node URL by chain, endpoint and outcome, and their times. */
  private readonly rpcEndpointCalls = new RpcTallies(
    this.registry,
    'endpoint',
    {
      name: 'rpc_endpoint_attempts_total',
      help: 'Attempts on each RPC URL by chain, endpoint (scheme, host, port) and outcome (ok or the fault: timeout, network, http, rate-limited, garbage, unavailable, pruned)',
    },
    { name: 'rpc_endpoint_latency_seconds', help: 'Time each RPC URL took to answer or fail, by chain and endpoint', buckets: RPC_BUCKETS },
  )

  readonly rpcBreakerOpen = new Gauge({
    name: 'rpc_endpoint_breaker_open',
    help: '1 while an RPC URL sits out its cooldown after repeated failures, else 0',
    labelNames: ['chain', 'endpoint'] as const,
    registers: [this.registry],
  })

  readonly rpcHead = new Gauge({
    name: 'rpc_endpoint_head_block',
    help: 'The head block each RPC URL last reported',
    labelNames: ['chain', 'endpoint'] as const,
    registers: [this.registry],
  })

  readonly rpcWrongChain = new Counter({
    name: 'rpc_endpoint_wrong_chain_total',
    help: 'Times each RPC URL was found answering for another chain (eth_chainId) and taken out of rotation',
    labelNames: ['chain', 'endpoint'] as const,
    registers: [this.registry],
  })

  readonly rpcWrongChainNow = new Gauge({
    name: 'rpc_endpoint_wrong_chain',
    help: "1 while an RPC URL answers for another chain and is out of rotation, else 0; /status gives the node's chain id",
    labelNames: ['chain', 'endpoint'] as const,
    registers: [this.registry],
  })

  /** What the RPC pools report to (an RpcObserver). */
  readonly rpcObserver = {
    attempt: (chainId: number, endpoint: string, outcome: string, seconds: number) => {
      this.rpcEndpointCalls.add(chainId, endpoint, outcome, seconds)
    },
    breaker: (chainId: number, endpoint: string, open: boolean) => this.rpcBreakerOpen.set({ chain: String(chainId), endpoint }, open ? 1 : 0),
    head: (chainId: number, endpoint: string, head: bigint) => this.rpcHead.set({ chain: String(chainId), endpoint }, Number(head)),
    wrongChain: (chainId: number, endpoint: string, nodeChainId: number | undefined) => {
      if (nodeChainId !== undefined) this.rpcWrongChain.inc({ chain: String(chainId), endpoint })
      this.rpcWrongChainNow.set({ chain: String(chainId), endpoint }, nodeChainId === undefined ? 0 : 1)
    },
  }

  readonly refreshes = new Counter({
    name: 'snapshot_refreshes_total',
    help: 'Snapshot refreshes by chain and outcome (taken, confirmed, failed)',
    labelNames: ['chain', 'outcome'] as const,
    registers: [this.registry],
  })

  readonly snapshotReads = new Counter({
    name: 'snapshot_reads_total',
    help: "State reads of new blocks by chain and kind: full (every contract) or changes (the contracts the blocks' logs name), and why a full read ran",
    labelNames: ['chain', 'kind', 'reason'] as const,
    registers: [this.registry],
  })

  readonly snapshotArrivals = new Counter({
    name: 'snapshot_arrivals_total',
    help: 'Snapshots a process took in from Redis, by chain and how: a heard patch, the patch list after a missed one, or the whole snapshot read',
    labelNames: ['chain', 'via'] as const,
    registers: [this.registry],
  })

  readonly snapshotDrift = new Counter({
    name: 'snapshot_drift_total',
    help: 'Values a full read found changed that the reads of changes had kept, by chain and field (a contract changed without logging it)',
    labelNames: ['chain', 'field'] as const,
    registers: [this.registry],
  })

  readonly apyBasesDecided = new Counter({
    name: 'snapshot_apy_bases_decided_total',
    help: "APY windows' bases decided anew for a snapshot (a pass over every vault and pair), by chain and window; a base held from the last block is not counted",
    labelNames: ['chain', 'window'] as const,
    registers: [this.registry],
  })

  readonly indexReorgs = new Counter({
    name: 'index_reorgs_total',
    help: 'Reorgs the event index met, by chain: each removed the events of the blocks the chain replaced',
    labelNames: ['chain'] as const,
    registers: [this.registry],
  })

  /** What `snapshot_age_seconds` and the `index_*` gauges report when scraped. */
  private snapshots: () => { chainId: number; takenAt: number; index?: IndexGauges | undefined }[] = () => []
  /** What `chain_head_block` reports when scraped. */
  private heads: () => { chainId: number; head: bigint | undefined }[] = () => []

  private flagCounts: () => { chainId: number; counts: Record<string, number> }[] = () => []
  readonly dataFlags: Gauge<'chain' | 'kind'>
  readonly snapshotAge: Gauge<'chain'>
  readonly chainHead: Gauge<'chain'>
  readonly indexBlock: Gauge<'chain'>
  readonly indexLag: Gauge<'chain'>
  readonly indexBackfill: Gauge<'chain'>

  constructor(options: { processMetrics?: boolean } = {}) {
    const metrics = this
    this.dataFlags = new Gauge({
      name: 'data_flags',
      help: "Flags on the figures served at each chain's latest snapshot, by kind (ceiling, jump, price-check, thin-liquidity, stale-feed): see /status dataHealth",
      labelNames: ['chain', 'kind'] as const,
      registers: [this.registry],
      collect() {
        this.reset()
        for (const { chainId, counts } of metrics.flagCounts())
          for (const [kind, count] of Object.entries(counts)) this.set({ chain: String(chainId), kind }, count)
      },
    })
    this.snapshotAge = new Gauge({
      name: 'snapshot_age_seconds',
      help: "Seconds since each chain's snapshot was taken or confirmed current",
      labelNames: ['chain'] as const,
      registers: [this.registry],
      collect() {
        for (const { chainId, takenAt } of metrics.snapshots()) this.set({ chain: String(chainId) }, (Date.now() - takenAt) / 1000)
      },
    })
    this.chainHead = new Gauge({
      name: 'chain_head_block',
      help: "The highest head block any of each chain's nodes reported",
      labelNames: ['chain'] as const,
      registers: [this.registry],
      collect() {
        for (const { chainId, head } of metrics.heads()) if (head !== undefined) this.set({ chain: String(chainId) }, Number(head))
      },
    })
    // The index's progress as the latest snapshot carries it: every replica reports what the indexer wrote.
    const indexGauge = (name: string, help: string, value: (index: IndexGauges) => number | undefined) =>
      new Gauge({
        name,
        help,
        labelNames: ['chain'] as const,
        registers: [this.registry],
        collect() {
          for (const { chainId, index } of metrics.snapshots()) {
            const figure = index && value(index)
            if (figure !== undefined) this.set({ chain: String(chainId) }, figure)
          }
        },
      })
    this.indexBlock = indexGauge('index_block', "The block through which the event index holds every followed contract's events", (index) =>
      index.indexedBlock === undefined ? undefined : Number(index.indexedBlock),
    )
    this.indexLag = indexGauge('index_lag_blocks', 'Blocks between the head the indexer last saw and the indexed block', (index) =>
      index.indexedBlock === undefined || index.head === undefined ? undefined : Number(index.head - index.indexedBlock),
    )
    this.indexBackfill = indexGauge('index_backfill_ratio', "Share of the followed contracts' history the event index holds, 0 to 1", (index) => index.backfill)
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry })
  }

  /** Counts one settled JSON-RPC call and its time (the chain clients call this). */
  rpc(chainId: number, method: string, outcome: string, seconds: number): void {
    this.rpcCalls.add(chainId, method, outcome, seconds)
  }

  /** Reports each chain's flags by kind (what /status says in dataHealth), read when scraped. */
  watchFlags(counts: () => { chainId: number; counts: Record<string, number> }[]): void {
    this.flagCounts = counts
  }

  /** Reports each chain's head as its nodes last reported it, read when scraped. */
  watchHeads(heads: () => { chainId: number; head: bigint | undefined }[]): void {
    this.heads = heads
  }

  /** Reports the age of the snapshots `latest` gives for `chainIds`, and the index progress they carry, read when scraped. */
  watchSnapshots(chainIds: readonly number[], latest: (chainId: number) => { takenAt: number; index?: IndexGauges | undefined } | undefined): void {
    this.snapshots = () =>
      chainIds.flatMap((chainId) => {
        const snapshot = latest(chainId)
        return snapshot ? [{ chainId, takenAt: snapshot.takenAt, index: snapshot.index }] : []
      })
  }
}
