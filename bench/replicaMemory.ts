import autocannon from 'autocannon'
import type { DevnetManifest } from '../src/devnet/index.js'
import type { PacedRequest } from './pacedLoad.js'
import { aggregatePaths } from './aggregateReads.js'
import type { Row } from './load.js'
import { cpuMsOf, type BenchProcess } from './processes.js'

/** A mix of what clients ask: every aggregate read, a position read, a deposit build and a pending-rewards read. */
export function mixedRequests(manifest: DevnetManifest): PacedRequest[] {
  const chain = manifest.chains['56']!
  const vault = chain.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.zap)!
  const user = chain.accounts[0]!.address
  const post = (path: string, body: object) => ({ method: 'POST' as const, path, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
  return [
    ...aggregatePaths(manifest).map(([, path]) => ({ method: 'GET' as const, path })),
    post(`/yield/${vault.address}/call/user-deposited`, { user, chainId: 56 }),
    post(`/yield/${vault.address}/tx/deposit`, { user, amount: '1000', chainId: 56 }),
    post(`/pool/${chain.rewardPools[0]!.address}/0/call/pending-rewards`, { user, chainId: 56 }),
  ]
}

/** Where the replica's memory sits, bytes, from its own `/metrics` (prom-client's process metrics). */
interface MemorySplit {
  heapUsed: number
  heapTotal: number
  /** Memory V8 does not manage: buffers (kept answers, sockets) and native allocations. */
  external: number
}

async function memorySplit(api: BenchProcess): Promise<MemorySplit | undefined> {
  const text = await fetch(`${api.url}/metrics`)
    .then((response) => (response.ok ? response.text() : undefined))
    .catch(() => undefined)
  if (!text) return undefined
  const gauge = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1] ?? NaN)
  return { heapUsed: gauge('nodejs_heap_size_used_bytes'), heapTotal: gauge('nodejs_heap_size_total_bytes'), external: gauge('nodejs_external_memory_bytes') }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
/** The replica's memory budget, MB. */
const BUDGET_MB = 150

const described = (rss: number, split: MemorySplit | undefined) =>
  split ? `${mb(rss)} MB: heap ${mb(split.heapUsed)} of ${mb(split.heapTotal)} MB, external ${mb(split.external)} MB` : `${mb(rss)} MB`

/**
 * The api replica's resident memory after `seconds` of the mixed load, 16 connections, with the
 * V8 heap (in use and reserved) and the memory outside it, so a figure says what holds it; and
 * the replica's CPU time per request, which tells what a memory setting costs in throughput far
 * better than req/s on a machine whose cores the load generator and the chains share.
 */
export async function benchReplicaMemory(api: BenchProcess, manifest: DevnetManifest, seconds: number, shape: string): Promise<Row> {
  const requests = mixedRequests(manifest)
  const before = api.rss()
  const splitBefore = await memorySplit(api)
  const cpuBefore = cpuMsOf(api.pid())
  const result = await autocannon({ url: api.url, connections: 16, duration: seconds, requests })
  const cpuUs = ((cpuMsOf(api.pid()) - cpuBefore) * 1000) / Math.max(1, result.requests.total)
  const after = api.rss()
  const splitAfter = await memorySplit(api)
  return {
    figure: `replica RSS after ${seconds} s of mixed load (${shape})`,
    value: `${described(after, splitAfter)} (before: ${described(before, splitBefore)}; ${result.requests.average.toFixed(0)} req/s, ${cpuUs.toFixed(0)} µs CPU per request, ${result.non2xx + result.errors} failed)`,
    ceiling: '— (a budget: nothing to measure it against)',
    ratio: '—',
    target: `≤ ${BUDGET_MB} MB`,
    met: after <= BUDGET_MB * 1024 * 1024,
    limit: `what holds it: ${described(after, splitAfter)}`,
  }
}
