import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../../test/app.js'
import { devnetChain } from '../../../test/devnet.js'
import { migrate, openSqlClient, SnapshotStore } from '../../store/index.js'
import type { App } from '../deps.js'

const CHAIN = 56
const HOUR = 3_600
const DAY = 86_400
/** Thursday 2023-11-16, 00:00 UTC, long before the devnet's past: the raw series' default (24 h back) holds none of these points. */
const START = 1_700_092_800

/** The recorded points: [block, seconds after START]; three on the first day, one on the second, two a week on. */
const RECORDED: [bigint, number][] = [
  [10n, 30 * 60],
  [11n, 12 * HOUR],
  [12n, 23 * HOUR + 30 * 60],
  [13n, DAY + 6 * HOUR],
  [14n, 8 * DAY + HOUR],
  [15n, 8 * DAY + 2 * HOUR],
]

/** /tvl/history, the pools' APR history and a vault's APY history bucketed by hour, day or week, from the first point. */
describe('history series by interval', () => {
  let app: App
  let store: SnapshotStore
  const vault = () => devnetChain(CHAIN).vaults[0]!.address
  const pool = () => devnetChain(CHAIN).rewardPoolFamilies.pools[0]!.address

  beforeAll(async () => {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new SnapshotStore(sql)
    for (const [block, after] of RECORDED) {
      const time = START + after
      await store.appendHistory({
        chainId: CHAIN,
        blockNumber: block,
        takenAt: time * 1000,
        blockTime: time,
        tvl: { bridgeTvl: 1, poolTvl: Number(block), yieldTvl: 2 },
        aprs: [{ pool: pool(), pid: 0, apr: Number(block) }],
        // The price per share grows a thousandth a point: each day's point has an APY from the day before.
        vaults: [{ vault: vault(), pricePerShare: 10n ** 18n + (block - 10n) * 10n ** 15n }],
      })
    }
    app = await testApp({ store })
  })
  afterAll(async () => {
    await app?.close()
    await store?.close()
  })

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { points: { blockNumber: string; apy?: number | null; pid?: number }[] }
  }
  const blocks = (answer: { points: { blockNumber: string }[] }) => answer.points.map((point) => Number(point.blockNumber))

  it('gives each day its last point, from the first one recorded; a week its last; an hour every point here', async () => {
    expect(blocks(await get('/tvl/history?platform=all&interval=1d'))).toEqual([12, 13, 15])
    expect(blocks(await get('/tvl/history?platform=all&interval=1h'))).toEqual([10, 11, 12, 13, 14, 15])
    // START is a Thursday's midnight (weeks count from the epoch's): the first eight days are one week, 8 days on the next.
    expect(new Date(START * 1000).getUTCDay()).toBe(4)
    expect(blocks(await get('/tvl/history?platform=all&interval=1w'))).toEqual([13, 15])
    // Without an interval the raw points of the last 24 h, as before: none of these.
    expect(blocks(await get('/tvl/history?platform=all'))).toEqual([])
    // `from` still bounds a bucketed series.
    expect(blocks(await get(`/tvl/history?platform=all&interval=1d&from=${(START + DAY) * 1000}`))).toEqual([13, 15])
  })

  it("buckets a pool's APR history and a vault's APY history the same way, each point as the raw series gives it", async () => {
    expect(blocks(await get(`/v2/pools/${pool()}/apr-history?chain=${CHAIN}&interval=1d`))).toEqual([12, 13, 15])
    const daily = await get(`/vaults/${vault()}/apy-history?chain=${CHAIN}&interval=1d`)
    expect(blocks(daily)).toEqual([12, 13, 15])
    const raw = await get(`/vaults/${vault()}/apy-history?chain=${CHAIN}&from=0`)
    for (const point of daily.points) expect(point).toEqual(raw.points.find((candidate) => candidate.blockNumber === point.blockNumber))
    // The second day's point has a base a day back (block 10's, 29.5 h before): an APY.
    expect(daily.points[1]!.apy).toBeGreaterThan(0)
  })

  it('refuses an interval it does not know, naming the field', async () => {
    const response = await app.inject({ method: 'GET', url: '/tvl/history?platform=all&interval=2d' })
    expect(response.statusCode).toBe(400)
    expect(response.body).toMatch(/interval/)
  })
})
