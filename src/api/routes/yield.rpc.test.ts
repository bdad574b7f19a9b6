import { pino } from 'pino'
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, sendDescriptor, testApp } from '../../../test/app.js'
import { devnet, devnetChain, fundedAccount, type FundedAccount } from '../../../test/devnet.js'
import { createChainClients, FactCache } from '../../chain/index.js'
import { loadConfig } from '../../config/index.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry } from '../../registry/index.js'
import { buildApp } from '../buildApp.js'
import type { App } from '../deps.js'

const CHAIN = 56

describe('RPC round trips per yield request', () => {
  const calls: string[] = []
  let app: App
  let user: FundedAccount
  beforeAll(async () => {
    app = await testApp({ onRequest: (chainId, method) => chainId === CHAIN && calls.push(method) })
    user = await fundedAccount(CHAIN)
  })
  afterAll(() => app.close())

  /** The JSON-RPC methods one request sends to chain 56. */
  async function methodsOf(url: string, body: object): Promise<string[]> {
    calls.length = 0
    const response = await post(app, url, body)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return [...calls]
  }

  it('a deposit is one Multicall3 batch and one estimate; with an approval, two simulations', async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
    const amount = parseUnits('1', 18).toString()
    const withApproval = await methodsOf(`/yield/${vault.address}/tx/deposit`, { user: user.address, amount, chainId: CHAIN })
    expect(withApproval).toEqual(['eth_call', 'eth_simulateV1', 'eth_simulateV1'])
    const first = await post(app, `/yield/${vault.address}/tx/deposit`, { user: user.address, amount, chainId: CHAIN })
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    expect(await methodsOf(`/yield/${vault.address}/tx/deposit`, { user: user.address, amount, chainId: CHAIN })).toEqual(['eth_call', 'eth_estimateGas'])
  })

  it('user-deposited and pending-fees are one batch and one estimate each', async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'erc4626' && candidate.strategy)!
    expect(await methodsOf(`/yield/${vault.address}/call/user-deposited`, { user: devnetChain(CHAIN).accounts[0]!.address, chainId: CHAIN })).toEqual([
      'eth_call',
      'eth_estimateGas',
    ])
    expect((await methodsOf(`/yield/${vault.strategy}/call/pending-fees`, { chainId: CHAIN })).sort()).toEqual(['eth_call', 'eth_estimateGas'])
  })
})

describe('a chain node that does not answer', () => {
  it('answers 503 problem+json with retry-after, naming no URL', async () => {
    const manifest = devnet()
    const chains = devnetChains(manifest).map((chain) => (chain.chainId === CHAIN ? { ...chain, rpcUrls: ['http://127.0.0.1:9'] } : chain))
    const config = { ...loadConfig({}), rateLimit: { max: 0, windowMs: 60_000 } }
    const app = await buildApp({
      config,
      log: pino({ level: 'silent' }),
      version: 'test',
      chains: createChainClients(chains, { timeoutMs: 1_000, retryCount: 0 }),
      registry: buildRegistry(devnetRegistry(manifest)),
      facts: new FactCache(),
    })
    const vault = devnetChain(CHAIN).vaults[0]!
    const response = await post(app, `/yield/${vault.address}/tx/deposit`, { user: vault.address, amount: '1', chainId: CHAIN })
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
