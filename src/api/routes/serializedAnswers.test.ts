import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain, mine } from '../../../test/devnet.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../../store/index.js'

const CHAIN = 56

/** Aggregate answers: bytes serialized once per snapshot and query, ETag, 304, Cache-Control. */
describe('aggregate answers from bytes serialized once per snapshot', () => {
  let service: RefresherApp
  let store: SnapshotStore
  const pool = () => devnetChain(CHAIN).rewardPools[0]!
  const paths = () => [
    '/tvl?platform=all',
    `/v2/pools?chain=${CHAIN}`,
    '/bridges',
    `/tvl/pool/${pool().address}?chain=${CHAIN}`,
    `/tokens/${pool().stakingTokens[0]}/staked?chain=${CHAIN}`,
    `/lp?lptoken=${devnetChain(CHAIN).pairs[0]!.address}&amount=1000000000000000000&chain=${CHAIN}`,
    `/tokens?chain=${CHAIN}`,
    '/tvl/history?platform=all',
    `/v2/pools/${pool().address}/apr-history?chain=${CHAIN}`,
  ]

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

  it('the same snapshot gives the very same bytes, made by the route\'s own serializer', async () => {
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
    const before = await get(path)
    await mine(CHAIN, 3)
    await service.refresher.refresh(CHAIN)
    const after = await get(path)
    expect(after.headers['x-block-numbers']).not.toBe(before.headers['x-block-numbers'])
    // E2's APRs move with every block (rewards accrue): a new tag, and the old one no longer matches.
    const pools = `/v2/pools?chain=${CHAIN}`
    const oldPools = before.headers.etag
    const revalidated = await get(pools, { 'if-none-match': oldPools as string })
    expect([200, 304]).toContain(revalidated.statusCode)
    // Bridges hold the same balances from block to block: the same tag across snapshots.
    const bridgesBefore = (await get('/bridges')).headers.etag
    await mine(CHAIN, 1)
    await service.refresher.refresh(CHAIN)
    const bridgesAfter = await get('/bridges', { 'if-none-match': bridgesBefore as string })
    expect(bridgesAfter.statusCode).toBe(304)
  })
})
