import type { AddressInfo } from 'node:net'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { devnet, devnetChain, mine } from '../../../test/devnet.js'
import { aggregatePaths } from '../../../test/aggregatePaths.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../../store/index.js'
import { SerializedAnswers } from './serializedAnswers.js'

const CHAIN = 56

/** Headers that belong to one request, not to its answer: they differ between two requests for the same answer. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'age', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'keep-alive', 'connection'])

/** The refresher and API over the devnet, listening on a real socket (the kept reads sit in front of Fastify's routing, where `inject` never goes). */
async function listening(input: Omit<Parameters<typeof refresherApp>[0], 'chains' | 'registry'>): Promise<{ service: RefresherApp; base: string }> {
  const service = await refresherApp({ chains: devnetChains(devnet()), registry: devnetRegistry(devnet()), ...input })
  for (const chainId of service.chains.keys()) await service.refresher.refresh(chainId)
  await service.app.listen({ host: '127.0.0.1', port: 0 })
  return { service, base: `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}` }
}

const answerHeaders = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => !PER_REQUEST.has(name)))

describe('kept aggregate answers, answered before routing', () => {
  let service: RefresherApp
  let base: string
  let store: SnapshotStore
  const lines: Record<string, unknown>[] = []
  const pool = () => devnetChain(CHAIN).rewardPools[0]!
  const paths = () => aggregatePaths(CHAIN)

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) })
    ;({ service, base } = await listening({ store, log, rateLimit: { max: 1_000_000, windowMs: 60_000 } }))
  })
  afterAll(async () => {
    await service.close()
    await store.close()
  })
  afterEach(() => vi.restoreAllMocks())

  it('sends the bytes and headers the route sent, without running the route again', async () => {
    const routed = vi.spyOn(SerializedAnswers.prototype, 'send')
    for (const path of paths()) {
      const first = await fetch(`${base}${path}`)
      const firstBody = await first.text()
      expect(first.status, `${path}: ${firstBody}`).toBe(200)
      const routedBefore = routed.mock.calls.length
      const again = await fetch(`${base}${path}`)
      expect(routed.mock.calls.length, `${path} went through the route again`).toBe(routedBefore)
      expect(again.status).toBe(200)
      expect(await again.text()).toBe(firstBody)
      expect(answerHeaders(again), path).toEqual(answerHeaders(first))
      expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1)
      expect(again.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
      // An answer from snapshots says its age; one from history alone has none.
      expect(again.headers.has('age'), path).toBe(first.headers.has('age'))
      expect(again.headers.get('connection')).toBe('keep-alive')
    }
    expect(routed.mock.calls.length).toBe(paths().length)
  })

  it('answers 304 to a matching If-None-Match, and keeps a caller’s safe request id', async () => {
    const path = '/bridges'
    const first = await fetch(`${base}${path}`)
    const etag = first.headers.get('etag')!
    const routed = vi.spyOn(SerializedAnswers.prototype, 'send')
    const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': `"other", W/${etag}`, 'x-request-id': 'trace-42' } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('x-request-id')).toBe('trace-42')
    expect(again.headers.get('content-length')).toBeNull()
    expect((await fetch(`${base}${path}`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200)
    expect(routed).not.toHaveBeenCalled()
  })

  it('counts each one in the metrics under its route, and logs it with its request id', async () => {
    const path = `/tvl/pool/${pool().address}?chain=${CHAIN}`
    await fetch(`${base}${path}`)
    const countOf = async () => {
      const text = await (await fetch(`${base}/metrics`)).text()
      const line = text
        .split('\n')
        .find((row) => row.startsWith('http_request_duration_seconds_count{method="GET",route="/tvl/pool/:poolAddress",status="200"}'))
      return Number(line?.split(' ')[1] ?? 0)
    }
    const before = await countOf()
    const ids: (string | null)[] = []
    for (let request = 0; request < 5; request++) ids.push((await fetch(`${base}${path}`)).headers.get('x-request-id'))
    expect(await countOf()).toBe(before + 5)
    const logged = lines.filter((line) => ids.includes(line.requestId as string))
    expect(logged).toHaveLength(5)
    expect(logged[0]).toMatchObject({ level: 30, method: 'GET', url: path, status: 200, msg: `GET ${path} → 200 (${logged[0]!.ms} ms)` })
    expect(logged[0]!.ms).toBeTypeOf('number')
  })

  it('leaves every other request to the routes: a HEAD, a POST, an answer not kept, a new snapshot', async () => {
    const routed = vi.spyOn(SerializedAnswers.prototype, 'send')
    await fetch(`${base}/bridges`)
    expect((await fetch(`${base}/bridges`, { method: 'HEAD' })).status).toBe(200)
    expect((await fetch(`${base}/bridges`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${base}/tokens?chain=abc`)).status).toBe(400)
    expect(routed).toHaveBeenCalledTimes(1)
    // HEAD runs the GET route. A new snapshot drops every kept answer: the next read is computed again.
    routed.mockClear()
    await mine(CHAIN, 1)
    await service.refresher.refresh(CHAIN)
    await fetch(`${base}/bridges`)
    await fetch(`${base}/bridges`)
    expect(routed).toHaveBeenCalledTimes(1)
  })
})

describe('rate limits on kept reads', () => {
  let service: RefresherApp
  let base: string
  beforeAll(async () => {
    ;({ service, base } = await listening({ rateLimit: { max: 3, windowMs: 60_000 }, env: { TRUST_PROXY: '1' } }))
  })
  afterAll(() => service.close())

  it('counts every request once, early or routed, and refuses past the limit with a 429 problem', async () => {
    const routed = vi.spyOn(SerializedAnswers.prototype, 'send')
    const client = { 'x-forwarded-for': '203.0.113.7' }
    const answers = []
    for (let request = 0; request < 4; request++) answers.push(await fetch(`${base}/bridges`, { headers: client }))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(answers.slice(0, 3).map((answer) => answer.headers.get('x-ratelimit-remaining'))).toEqual(['2', '1', '0'])
    expect(routed).toHaveBeenCalledTimes(1)
    const refused = answers[3]!
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/)
    expect(await refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    vi.restoreAllMocks()
  })

  it('with TRUST_PROXY a hop count, names the client by X-Forwarded-For that many hops from the socket', async () => {
    // The load balancer (this socket) appends the address it saw; what the client wrote before it is not believed.
    const spoofing = { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' }
    const statuses = []
    for (let request = 0; request < 4; request++) statuses.push((await fetch(`${base}/bridges`, { headers: spoofing })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    // 203.0.113.7 used its window up in the test before; another client behind the same balancer has its own.
    expect((await fetch(`${base}/bridges`, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status).toBe(429)
    expect((await fetch(`${base}/bridges`, { headers: { 'x-forwarded-for': '198.51.100.10' } })).status).toBe(200)
  })
})
