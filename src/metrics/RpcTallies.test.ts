import { Counter, Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { RpcTallies } from './RpcTallies.js'

const BUCKETS = [0.005, 0.05, 0.5]
const COUNTER = { name: 'rpc_requests_total', help: 'calls', labelNames: ['chain', 'method', 'outcome'] as const }
const TIMES = { name: 'rpc_request_duration_seconds', help: 'times', labelNames: ['chain', 'method'] as const }

/** Calls on two chains, methods and outcomes, some of them twice. */
const CALLS = [
  [56, 'eth_estimateGas', 'ok', 0.004],
  [56, 'eth_estimateGas', 'reverted', 0.02],
  [56, 'eth_simulateV1', 'ok', 0.3],
  [1, 'eth_call', 'failed', 2],
  [56, 'eth_estimateGas', 'ok', 0.001],
] as const

describe('node calls tallied in plain maps', () => {
  it('are scraped line for line as prom-client’s counter and histogram with labels, and again after more calls', async () => {
    const theirs = new Registry()
    const counter = new Counter({ ...COUNTER, registers: [theirs] })
    const histogram = new Histogram({ ...TIMES, buckets: BUCKETS, registers: [theirs] })
    const ours = new Registry()
    const tallies = new RpcTallies(ours, 'method', COUNTER, { ...TIMES, buckets: BUCKETS })
    const call = ([chainId, method, outcome, seconds]: (typeof CALLS)[number]) => {
      counter.inc({ chain: String(chainId), method, outcome })
      histogram.observe({ chain: String(chainId), method }, seconds)
      tallies.add(chainId, method, outcome, seconds)
    }
    for (const each of CALLS) call(each)
    expect(await ours.metrics()).toBe(await theirs.metrics())
    expect(await ours.metrics()).toContain('rpc_requests_total{chain="56",method="eth_estimateGas",outcome="ok"} 2')
    // A scrape adds what was tallied since the last one, once.
    for (const each of CALLS.slice(0, 2)) call(each)
    expect(await ours.metrics()).toBe(await theirs.metrics())
    expect(await ours.metrics()).toContain('rpc_requests_total{chain="56",method="eth_estimateGas",outcome="ok"} 3')
  })
})
