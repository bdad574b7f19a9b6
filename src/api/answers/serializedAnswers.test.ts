import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, mine } from '../../../test/devnet.js'
import { aggregatePaths } from '../../../test/aggregatePaths.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../../store/index.js'
import { type AggregateAnswer, SerializedAnswers } from './serializedAnswers.js'

const CHAIN = 56

/** Aggregate answers: bytes serialized once per snapshot and query, ETag, 304, Cache-Control. */
describe('aggregate answers from bytes serialized once per snapshot', () => {
  let service: RefresherApp
  let store: SnapshotStore
  const paths = () => aggregatePaths(CHAIN)

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    service = await refresherApp({ chains: devnetChains(devnet()), registry: devnetRegistry(devnet()), store })
    for (const chainId of service.chains.keys()) await service.refresher.refresh(chainId)
  })
  afterAll(async () => {
    await service.close()
    await store.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => service.app.inject({ method: 'GET', url, headers })

  it('every aggregate read carries an ETag and a Cache-Control of the refresh interval, and answers 304 to If-None-Match', async () => {
    for (const path of paths()) {
      const first = await get(path)
      expect(first.statusCode, `${path}: ${first.body}`).toBe(200)
      expect(first.headers['content-type']).toMatch(/^application\/json/)
      expect(first.headers.etag, path).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
      expect(first.headers['cache-control']).toBe('public, max-age=2')
      const again = await get(path, { 'if-none-match': first.headers.etag as string })
      expect(again.statusCode, path).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(first.headers.etag)
      // A weak form or a list naming it match too; another tag does not.
      expect((await get(path, { 'if-none-match': `"other", W/${first.headers.etag}` })).statusCode).toBe(304)
      expect((await get(path, { 'if-none-match': '"other"' })).statusCode).toBe(200)
    }
  })

  it("the same snapshot gives the very same bytes, made by the route's own serializer", async () => {
    const path = `/v2/pools?chain=${CHAIN}`
    const first = await get(path)
    const second = await get(path)
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    expect(JSON.parse(first.body)).toEqual(second.json())
    // The E2 answer still follows its schema: the serializer of the route made the bytes.
    expect(first.json()[0]).toHaveProperty('completedAPR')
    expect(first.headers['x-block-number']).toBe(second.headers['x-block-number'])
  })

  it('a new block makes new bytes; the ETag changes only when the content does', async () => {
    const path = `/tvl?platform=all`
    const pools = `/v2/pools?chain=${CHAIN}`
    const before = await get(path)
    const poolsBefore = await get(pools)
    await mine(CHAIN, 3)
    await service.refresher.refresh(CHAIN)
    const after = await get(path)
    expect(after.headers['x-block-numbers']).not.toBe(before.headers['x-block-numbers'])
    // E2's durations count down with every block (endBlockDuration): a new body, so a new tag, and
    // the old tag no longer matches.
    const revalidated = await get(pools, { 'if-none-match': poolsBefore.headers.etag as string })
    expect(revalidated.statusCode).toBe(200)
    expect(revalidated.json()).not.toEqual(poolsBefore.json())
    expect(revalidated.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(revalidated.headers.etag).not.toBe(poolsBefore.headers.etag)
    // Bridges hold the same balances from block to block: the same body, the same tag across snapshots.
    const bridgesBefore = await get('/bridges')
    await mine(CHAIN, 1)
    await service.refresher.refresh(CHAIN)
    const bridgesAfter = await get('/bridges', { 'if-none-match': bridgesBefore.headers.etag as string })
    expect(bridgesAfter.statusCode).toBe(304)
    expect((await get('/bridges')).json()).toEqual(bridgesBefore.json())
  })
})

/** What is kept, and for how long: one set of answers, those of the current snapshots. */
describe('answers kept for the current snapshots only', () => {
  let state = 'block 100'
  /** When the snapshot behind the answers was read, and when it was last confirmed current. */
  let readAt = 0
  let takenAt = 0
  let computed = 0
  let during: (() => void) | undefined
  const answers = new SerializedAnswers(
    { state: () => state, takenAt: () => takenAt },
    { staleAfterMs: 60_000, maxAgeSeconds: 2, requestBudgetMs: 1_000 },
    () => undefined,
  )
  const app = Fastify()
  app.get('/tvl', (request, reply) =>
    answers.send(request, reply, async (): Promise<AggregateAnswer> => {
      computed++
      during?.()
      return { freshness: { blocks: { 56: 100n }, takenAt: readAt, multiChain: false }, body: { total: computed } }
    }),
  )
  const get = () => app.inject({ method: 'GET', url: '/tvl' })
  afterAll(() => app.close())

  it('a snapshot confirmed current keeps its answer, whose age follows the confirmation', async () => {
    readAt = Date.now() - 30_000
    takenAt = readAt
    const first = await get()
    expect(first.headers.age).toBe('30')
    takenAt = Date.now()
    const second = await get()
    expect(computed).toBe(1)
    expect(second.body).toBe(first.body)
    expect(second.headers.age).toBe('0')
    expect(second.headers['x-block-number']).toBe('100')
  })

  it('a snapshot taken anew computes again, and the answers of the one before are not kept', async () => {
    state = 'block 101'
    await get()
    expect(computed).toBe(2)
    // Back to the first state's name: its answers went when the state changed, so it computes again.
    state = 'block 100'
    await get()
    expect(computed).toBe(3)
  })

  it('an answer computed while a new snapshot came is sent but not kept', async () => {
    state = 'block 102'
    during = () => {
      state = 'block 103'
    }
    await get()
    during = undefined
    await get()
    await get()
    expect(computed).toBe(5)
  })

  it('requests that come while an answer is computed wait for it: one computation, however many ask', async () => {
    state = 'block 104'
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow = new SerializedAnswers(
      { state: () => state, takenAt: () => takenAt },
      { staleAfterMs: 60_000, maxAgeSeconds: 2, requestBudgetMs: 1_000 },
      () => undefined,
    )
    let runs = 0
    const slowApp = Fastify()
    slowApp.get('/tvl', (request, reply) =>
      slow.send(request, reply, async (): Promise<AggregateAnswer> => {
        runs++
        await gate
        return { freshness: { blocks: { 56: 104n }, takenAt: readAt, multiChain: false }, body: { total: runs } }
      }),
    )
    const asked = Array.from({ length: 20 }, () => slowApp.inject({ method: 'GET', url: '/tvl' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    release()
    const answered = await Promise.all(asked)
    expect(runs).toBe(1)
    expect(new Set(answered.map((answer) => answer.body))).toEqual(new Set(['{"total":1}']))
    expect(answered.every((answer) => answer.statusCode === 200 && answer.headers.etag === answered[0]!.headers.etag)).toBe(true)
    // A failed computation fails every waiting request, and the next request computes again.
    state = 'block 105'
    let failing = true
    const failApp = Fastify()
    failApp.get('/tvl', (request, reply) =>
      slow.send(request, reply, async (): Promise<AggregateAnswer> => {
        runs++
        await new Promise((resolve) => setTimeout(resolve, 20))
        if (failing) throw new Error('node down')
        return { body: { total: runs } }
      }),
    )
    const failed = await Promise.all(Array.from({ length: 5 }, () => failApp.inject({ method: 'GET', url: '/tvl' })))
    expect(failed.map((answer) => answer.statusCode)).toEqual([500, 500, 500, 500, 500])
    expect(runs).toBe(2)
    failing = false
    expect((await failApp.inject({ method: 'GET', url: '/tvl' })).statusCode).toBe(200)
    expect(runs).toBe(3)
    await Promise.all([slowApp.close(), failApp.close()])
  })
})
