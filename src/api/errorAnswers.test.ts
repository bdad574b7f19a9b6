import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get, post, testApp } from '../../test/app.js'
import { devnetChain, fundedAccount, publicClientFor } from '../../test/devnet.js'
import type { App } from './deps.js'

const CHAIN = 56

/** A raw HTTP request to a listening app, for what `inject` never sees (Node's own parser). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Errors that say what to fix: one sentence per field, the right status, the chain, the request id. */
describe('errors that teach', () => {
  let app: App
  const lines: Record<string, unknown>[] = []
  const vault = () => devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(JSON.parse(chunk.toString()))
        done()
      },
    })
    app = await testApp({ probes: false, log: pino({ level: 'debug' }, sink) })
    await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(() => app.close())
  const base = () => {
    const address = app.server.address() as { port: number }
    return `http://127.0.0.1:${address.port}`
  }

  it('a chain id given as a word gets one sentence for the field, without a regex', async () => {
    const answer = await post(app, `/yield/${vault().address}/tx/deposit`, { user: vault().address, amount: '1', chainId: 'bsc' })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([{ path: '/body/chainId', message: 'must be a positive integer chain id, as a number or a decimal string' }])
    expect(answer.body.detail).toBe('/body/chainId must be a positive integer chain id, as a number or a decimal string')
    expect(JSON.stringify(answer.body)).not.toMatch(/[\^$]|\{0,/)
  })

  it('a GET on a POST route is a 405 naming the allowed method', async () => {
    const response = await app.inject({ method: 'GET', url: `/yield/${vault().address}/tx/deposit` })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 })
    const deleted = await app.inject({ method: 'DELETE', url: '/tvl' })
    expect(deleted.statusCode).toBe(405)
    expect(deleted.headers.allow).toContain('GET')
  })

  it('a contract registered on another chain: the 404 names that chain', async () => {
    const onEthereum = devnetChain(1).vaults[0]!.address
    const answer = await post(app, `/yield/${onEthereum}/tx/deposit`, { user: onEthereum, amount: '1', chainId: CHAIN })
    expect(answer.status).toBe(404)
    expect(answer.body.code).toBe('VAULT_NOT_FOUND')
    expect(answer.body.detail).toContain('registered on chain 1')
    const pool = devnetChain(1).rewardPools[0]!.address
    const staked = await get(app, `/tvl/pool/${pool}?chain=${CHAIN}`)
    expect(staked.status).toBe(404)
    expect(staked.body.detail).toContain('registered on chain 1')
  })

  it('a chain that is not configured is located where the request named it', async () => {
    const inQuery = await get(app, '/v2/pools?chain=10')
    expect(inQuery.status).toBe(400)
    expect(inQuery.body).toMatchObject({ code: 'UNSUPPORTED_CHAIN', errors: [{ path: '/querystring/chain' }] })
    const inBody = await post(app, `/yield/${vault().address}/tx/harvest`, { user: vault().address, chainId: 10 })
    expect(inBody.body).toMatchObject({ code: 'UNSUPPORTED_CHAIN', errors: [{ path: '/body/chainId' }] })
  })

  it("an LP vault's overdraft says the user lacks LP tokens, not ds-math-sub-underflow alone", async () => {
    const pairs = new Set(devnetChain(CHAIN).pairs.map((pair) => pair.address))
    const lpVault = devnetChain(CHAIN).vaults.find((candidate) => pairs.has(candidate.want))!
    const user = await fundedAccount(CHAIN)
    const held = await publicClientFor(CHAIN).readContract({ address: lpVault.want, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })
    const answer = await post(app, `/yield/${lpVault.address}/tx/deposit`, { user: user.address, amount: (held + 1n).toString(), chainId: CHAIN })
    expect(answer.status).toBe(422)
    expect(answer.body.code).toBe('INSUFFICIENT_FUNDS')
    expect(answer.body.detail).toMatch(/balance or allowance of the LP token is below the amount/)
  })

  it('the request id: taken from x-request-id when safe, generated otherwise, in the header, the problem and the log line', async () => {
    const given = await app.inject({ method: 'GET', url: '/nowhere', headers: { 'x-request-id': 'trace-42' } })
    expect(given.headers['x-request-id']).toBe('trace-42')
    expect(given.json().requestId).toBe('trace-42')
    const line = lines.find((entry) => entry.requestId === 'trace-42')
    expect(line).toMatchObject({ status: 404, code: 'NOT_FOUND', url: '/nowhere' })
    const unsafe = await app.inject({ method: 'GET', url: '/version', headers: { 'x-request-id': 'bad id\twith spaces' } })
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    const fresh = await app.inject({ method: 'GET', url: '/version' })
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(fresh.headers['x-request-id']).not.toBe(unsafe.headers['x-request-id'])
  })

  it('probes are logged at debug, answers at info, and a long URL is cut in the log line', async () => {
    await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'probe-1' } })
    expect(lines.find((entry) => entry.requestId === 'probe-1')).toMatchObject({ level: 20 })
    const long = `/tvl?chain=56&pad=${'x'.repeat(2_000)}`
    await app.inject({ method: 'GET', url: long, headers: { 'x-request-id': 'long-1' } })
    const line = lines.find((entry) => entry.requestId === 'long-1')!
    expect(String(line.url).length).toBeLessThan(400)
  })

  it("a 20 KB URL is a 431 problem+json with a request id, not Node's own JSON", async () => {
    const answer = await rawGet(`${base()}/tvl?pad=${'x'.repeat(20_000)}`)
    expect(answer.status).toBe(431)
    expect(answer.headers['content-type']).toBe('application/problem+json')
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431, requestId: answer.headers['x-request-id'] })
  })

  it('a malformed percent-encoding in the path is a 400 problem+json', async () => {
    const answer = await rawGet(`${base()}/tokens/%E0%A4%A/staked`)
    expect(answer.status).toBe(400)
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(JSON.parse(answer.body).code).toBe('BAD_URL')
  })
})
