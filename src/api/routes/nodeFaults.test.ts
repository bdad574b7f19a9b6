import { parseUnits } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { post, sendDescriptor, testApp } from '../../../test/app.js'
import { devnetChain, fundedAccount, type FundedAccount } from '../../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../../test/nodeProxy.js'
import type { App } from '../deps.js'

const CHAIN = 56
const vault = () => devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!

/** A deposit build for `user` and how long it took. */
async function timedDeposit(app: App, user: string) {
  const startedAt = Date.now()
  const response = await post(app, `/yield/${vault().address}/tx/deposit`, { user, amount: '1000', chainId: CHAIN })
  return { ...response, ms: Date.now() - startedAt }
}

async function timedGet(app: App, url: string) {
  const startedAt = Date.now()
  const response = await app.inject({ method: 'GET', url })
  return { status: response.statusCode, body: response.json(), ms: Date.now() - startedAt }
}

describe('a chain node that refuses connections', () => {
  it('answers 503 problem+json with retry-after, naming no URL, and /readyz says which chain', async () => {
    const app = await testApp({ rpcUrls: { [CHAIN]: ['http://127.0.0.1:9'] }, probes: false })
    const response = await post(app, `/yield/${vault().address}/tx/deposit`, { user: vault().address, amount: '1', chainId: CHAIN })
    expect(response.status).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.body.code).toBe('UPSTREAM_UNAVAILABLE')
    expect(JSON.stringify(response.body)).not.toContain('127.0.0.1')
    const ready = await app.inject({ method: 'GET', url: '/readyz' })
    expect(ready.statusCode).toBe(503)
    expect(ready.json().detail).toContain('56')
    await app.close()
  })
})

describe('nodes that hang (a proxy that takes requests and never answers)', () => {
  let hung: NodeProxy
  let healthy: NodeProxy
  let user: FundedAccount
  beforeAll(async () => {
    hung = await nodeProxy(devnetChain(CHAIN).rpcUrl, { hang: true })
    healthy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
    user = await fundedAccount(CHAIN)
    // An allowance in place: the builds below are the one-estimate kind.
    const app = await testApp({ probes: false })
    const first = await post(app, `/yield/${vault().address}/tx/deposit`, { user: user.address, amount: parseUnits('1', 18).toString(), chainId: CHAIN })
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    await app.close()
  })
  afterEach(() => {
    hung.reset()
    healthy.reset()
  })
  afterAll(async () => {
    await hung.close()
    await healthy.close()
  })

  it('with the only node hung, a build answers 503 with retry-after within the 2.5 s request budget, and the probes answer at once', async () => {
    const app = await testApp({ rpcUrls: { [CHAIN]: [hung.url] }, probes: false })
    const refused = await timedDeposit(app, user.address)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toMatch(/^[0-9]+$/)
    expect(refused.body.code).toBe('UPSTREAM_UNAVAILABLE')
    expect(refused.ms).toBeGreaterThanOrEqual(2_400)
    expect(refused.ms).toBeLessThan(3_000)
    // Probes answer from what was seen, whatever the node does.
    const [health, ready] = await Promise.all([timedGet(app, '/healthz'), timedGet(app, '/readyz')])
    expect(health.status).toBe(200)
    expect(ready.status).toBe(503)
    expect(Math.max(health.ms, ready.ms)).toBeLessThan(1_000)
    await app.close()
  })

  it('the budget is a setting: REQUEST_BUDGET_MS of 800 answers within it', async () => {
    const app = await testApp({ rpcUrls: { [CHAIN]: [hung.url] }, probes: false, config: { requestBudgetMs: 800 } })
    const refused = await timedDeposit(app, user.address)
    expect(refused.status).toBe(503)
    expect(refused.ms).toBeLessThan(1_200)
    await app.close()
  })

  it('a read with no snapshot to answer from reads the chain under the same budget', async () => {
    const app = await testApp({ rpcUrls: { [CHAIN]: [hung.url] }, probes: false, config: { requestBudgetMs: 800 } })
    const refused = await timedGet(app, `/v2/pools?chain=${CHAIN}`)
    expect(refused.status).toBe(503)
    expect(refused.body.code).toBe('UPSTREAM_UNAVAILABLE')
    expect(refused.ms).toBeLessThan(1_200)
    await app.close()
  })

  it('with the first node hung and a second healthy: every build 200 from the first request, each within 1.5 s', async () => {
    const app = await testApp({ rpcUrls: { [CHAIN]: [hung.url, healthy.url] }, probes: false })
    for (let index = 0; index < 6; index++) {
      const built = await timedDeposit(app, user.address)
      expect(built.status, JSON.stringify(built.body)).toBe(200)
      expect(built.ms).toBeLessThan(1_500)
    }
    // The hung node's breaker opened: later builds go straight to the healthy one.
    hung.reset()
    const direct = await timedDeposit(app, user.address)
    expect(direct.status).toBe(200)
    expect(hung.roundTrips()).toBe(0)
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body
    expect(metrics).toMatch(new RegExp(`rpc_endpoint_breaker_open\\{chain="56",endpoint="0:http://127.0.0.1:${new URL(hung.url).port}"\\} 1`))
    expect(metrics).toMatch(/rpc_endpoint_attempts_total\{chain="56",endpoint="0:[^"]+",outcome="timeout"\} [1-9]/)
    await app.close()
  })
})
