import autocannon from 'autocannon'
import type { DevnetManifest } from '../src/devnet/index.js'
import { aggregatePaths } from './aggregateReads.js'
import type { Row } from './load.js'
import type { BenchProcess } from './processes.js'

/** A mix of what clients ask: every aggregate read, a position read, a deposit build and a pending-rewards read. */
export function mixedRequests(manifest: DevnetManifest): autocannon.Request[] {
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

/** The api replica's resident memory after `seconds` of the mixed load, 16 connections. */
export async function benchReplicaMemory(api: BenchProcess, manifest: DevnetManifest, seconds: number, shape: string): Promise<Row> {
  const requests = mixedRequests(manifest)
  const before = api.rss()
  const result = await autocannon({ url: api.url, connections: 16, duration: seconds, requests })
  const after = api.rss()
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
  return {
    figure: `replica RSS after ${seconds} s of mixed load (${shape})`,
    value: `${mb(after)} MB (${mb(before)} MB before; ${result.requests.average.toFixed(0)} req/s, ${result.non2xx + result.errors} failed)`,
    ceiling: '150 MB (the target)',
    ratio: (after / (150 * 1024 * 1024)).toFixed(2),
    target: '≤ 1.00',
  }
}
