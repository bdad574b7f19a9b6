import { getAddress } from 'viem'
import { Validator } from '@seriousme/openapi-schema-validator'
import Type from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pino } from 'pino'
import { FactCache } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry } from '../registry/index.js'
import { AddressSchema, AmountSchema, ChainIdSchema } from '../schema/index.js'
import { buildApp } from './buildApp.js'
import type { App } from './deps.js'

const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An app over no chain, with one POST route that uses the shared field schemas. */
async function appWithProbeRoute(rateLimitMax = 0): Promise<App> {
  const config = { ...loadConfig({}), rateLimit: { max: rateLimitMax, windowMs: 60_000 } }
  const app = await buildApp({
    config,
    log: pino({ level: 'silent' }),
    version: '9.8.7',
    chains: new Map(),
    registry: buildRegistry({ chains: {} }),
    facts: new FactCache(),
  })
  app.post(
    '/probe',
    { schema: { hide: true, body: Type.Object({ user: AddressSchema, amount: AmountSchema, chainId: ChainIdSchema }, { additionalProperties: false }) } },
    async (request) => ({ ok: true, chainId: request.body.chainId }),
  )
  await app.ready()
  return app
}

describe('HTTP basics', () => {
  let app: App
  beforeAll(async () => {
    app = await appWithProbeRoute()
  })
  afterAll(() => app.close())

  it('U1 /version answers the package version', async () => {
    const response = await app.inject({ method: 'GET', url: '/version' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ version: '9.8.7' })
  })

  it('/healthz answers while the process lives', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' })
    expect(response.json()).toEqual({ status: 'ok' })
  })

  it('/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const response = await app.inject({ method: 'GET', url: '/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(Object.keys(document.paths)).toContain('/version')
  })

  it('/docs serves the interactive documentation', async () => {
    const response = await app.inject({ method: 'GET', url: '/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })

  it('browsers may call it from any origin and read the freshness headers', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/probe',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('*')
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS')
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type')
    expect(preflight.headers['access-control-max-age']).toBe('86400')
    // A problem answer is readable from a browser too.
    const missing = await app.inject({ method: 'GET', url: '/no-such-route', headers: { origin: 'https://app.example' } })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['access-control-allow-origin']).toBe('*')
    const simple = await app.inject({ method: 'GET', url: '/version', headers: { origin: 'https://app.example' } })
    expect(simple.headers['access-control-allow-origin']).toBe('*')
    expect(String(simple.headers['access-control-expose-headers'])).toContain('x-block-number')
  })

  it('/metrics exposes request latency per route in the Prometheus format', async () => {
    await app.inject({ method: 'GET', url: '/version' })
    const response = await app.inject({ method: 'GET', url: '/metrics' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    expect(response.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/version",status="200"\} [1-9]/)
  })

  it('an unknown route is a 404 problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere?x=1' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', title: 'Not Found', detail: 'no endpoint serves GET /nowhere; see /docs' })
  })

  it('/devnet is a 404 problem when no devnet runs', async () => {
    const response = await app.inject({ method: 'GET', url: '/devnet' })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('NOT_FOUND')
  })

  it('malformed JSON is a 400 problem', async () => {
    const response = await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload: '{"user":' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({ status: 400, code: 'INVALID_JSON' })
  })

  it('a body that is not JSON is a 415 problem', async () => {
    const response = await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'text/plain' }, payload: 'user=1' })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: expect.stringContaining('application/json') })
  })

  it('a body over 16 KiB is a 413 problem', async () => {
    const payload = JSON.stringify({ user: USER, amount: '1', chainId: 1, pad: 'x'.repeat(17 * 1024) })
    const response = await app.inject({ method: 'POST', url: '/probe', headers: { 'content-type': 'application/json' }, payload })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
  })

  it('validation problems name each field and its rule', async () => {
    const response = await app.inject({ method: 'POST', url: '/probe', payload: { user: '0x1234', amount: '-5', extra: 1 } })
    expect(response.statusCode).toBe(400)
    const problem = response.json()
    expect(problem).toMatchObject({ type: expect.any(String), title: 'Bad Request', status: 400, code: 'INVALID_ADDRESS' })
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { path: '/body/user', message: expect.stringContaining('EIP-55') },
        { path: '/body/amount', message: expect.stringContaining('decimal string of digits') },
        { path: '/body/chainId', message: 'is required' },
        { path: '/body/extra', message: 'is not a known field; the fields here are: user, amount, chainId' },
      ]),
    )
  })

  it("amounts sent as JSON numbers are refused, never coerced, with INVALID_AMOUNT's advice and an example", async () => {
    // biome-ignore lint/correctness/noPrecisionLoss: the point is a number JSON cannot carry exactly
    const response = await app.inject({ method: 'POST', url: '/probe', payload: { user: USER, amount: 12345678901234567890, chainId: 1 } })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('INVALID_AMOUNT')
    expect(response.json().errors).toEqual([
      {
        path: '/body/amount',
        message:
          'must be a JSON string: must be a decimal string of digits in the lowest denomination, greater than 0 and below 2^256 (no sign, decimal point, exponent or hex); e.g. "1500000000000000000" for 1.5 tokens of 18 decimals (a JSON number loses the digits past 2^53)',
      },
    ])
  })

  it('a mixed-case address with a wrong checksum is refused, saying so and giving the checksummed form; lower case is accepted', async () => {
    const miscased = USER.replace('C', 'c')
    const wrong = await app.inject({ method: 'POST', url: '/probe', payload: { user: miscased, amount: '1', chainId: 1 } })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().code).toBe('INVALID_ADDRESS')
    expect(wrong.json().errors).toEqual([
      {
        path: '/body/user',
        message: `fails its EIP-55 checksum (a typo, or letters whose case changed in a copy): checksummed, these 40 digits read ${getAddress(miscased)}; check that this is the address you mean, then send that form or all lower case`,
      },
    ])
    // A malformed one keeps the rule.
    const short = await app.inject({ method: 'POST', url: '/probe', payload: { user: '0x12', amount: '1', chainId: 1 } })
    expect(short.json().errors[0].message).toBe('must be a 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum')
    const lower = await app.inject({ method: 'POST', url: '/probe', payload: { user: USER.toLowerCase(), amount: '1', chainId: '56' } })
    expect(lower.statusCode).toBe(200)
    expect(lower.json()).toEqual({ ok: true, chainId: '56' })
  })

  it('amounts of 0 and of 2^256 are refused', async () => {
    for (const amount of ['0', (1n << 256n).toString(), '1e18', '0x10', '1.5']) {
      const response = await app.inject({ method: 'POST', url: '/probe', payload: { user: USER, amount, chainId: 1 } })
      expect(response.statusCode, amount).toBe(400)
      expect(response.json().code, amount).toBe('INVALID_AMOUNT')
    }
  })
})

describe('rate limiting', () => {
  it('answers 429 problem+json with retry-after past the limit', async () => {
    const app = await appWithProbeRoute(2)
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await app.inject({ method: 'GET', url: '/version' })).statusCode)
    const limited = await app.inject({ method: 'GET', url: '/version' })
    expect(statuses).toEqual([200, 200, 429])
    expect(limited.headers['retry-after']).toMatch(/^[0-9]+$/)
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(limited.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    // Probes stay answerable past the limit.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    await app.close()
  })
})
