import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, testApp } from '../../test/app.js'
import { devnetChain } from '../../test/devnet.js'
import type { App } from './deps.js'

const CHAIN = 56

/** What an operator reads at /metrics: per chain head, and JSON-RPC calls by method, outcome and latency. */
describe('operator metrics', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  it('count JSON-RPC calls by method and outcome, time them by method, and show each chain head', async () => {
    const chain = devnetChain(CHAIN)
    const vault = chain.vaults.find((candidate) => candidate.kind === 'beefy')!
    const holder = chain.accounts[0]!.address
    // A withdrawal by shares the holder has: the estimate answers. Far more shares than exist: it reverts.
    expect((await post(app, `/yield/${vault.address}/tx/withdraw`, { user: holder, ibtAmount: '1', chainId: CHAIN })).status).toBe(200)
    expect((await post(app, `/yield/${vault.address}/tx/withdraw`, { user: holder, ibtAmount: (10n ** 40n).toString(), chainId: CHAIN })).status).toBe(422)
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body
    expect(text).toContain(`rpc_requests_total{chain="${CHAIN}",method="eth_estimateGas",outcome="ok"}`)
    expect(text).toContain(`rpc_requests_total{chain="${CHAIN}",method="eth_estimateGas",outcome="reverted"}`)
    expect(text).toMatch(new RegExp(`rpc_request_duration_seconds_count\\{chain="${CHAIN}",method="eth_estimateGas"\\} [1-9]`))
    const head = Number(new RegExp(`chain_head_block\\{chain="${CHAIN}"\\} ([0-9]+)`).exec(text)?.[1])
    expect(head).toBeGreaterThan(0)
  })
})
