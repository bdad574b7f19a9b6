import { type Address, erc20Abi, getAbiItem } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get } from './app.js'
import { devnet, devnetChain, publicClientFor } from './devnet.js'
import { devnetChains, devnetRegistry } from '../src/devnet/index.js'
import { SnapshotStore } from '../src/store/index.js'
import { heldUnderlying } from './heldUnderlying.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'
import { storedDevnetService, type StoredDevnetService } from './storedDevnetService.js'

/** What a new user of `npm start` finds: the devnet's month of past, through the service. */
const CHAIN = 56
const DAY = 86_400
const TRANSFER = getAbiItem({ abi: erc20Abi, name: 'Transfer' })

describe("the devnet's month of past", () => {
  let stored: StoredDevnetService
  let service: RefresherApp
  beforeAll(async () => {
    stored = await storedDevnetService(CHAIN, { index: true, env: { HISTORY_BACKFILL_DAYS: '30' } })
    service = stored.service
    const head = await publicClientFor(CHAIN).getBlockNumber({ cacheTime: 0 })
    expect(await service.index!.reach(CHAIN, head, 60_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    // The month of TVL and APR points is read from the node after the first snapshot.
    await service.refresher.settled()
  }, 120_000)
  afterAll(() => stored?.close())

  it('begins a month back in chain time and ends now', async () => {
    const client = publicClientFor(CHAIN)
    const first = await client.getBlock({ blockNumber: 0n })
    const head = await client.getBlock()
    expect(Number(head.timestamp - first.timestamp)).toBeGreaterThan(31 * DAY)
    expect(Math.abs(Number(head.timestamp) - Date.now() / 1000)).toBeLessThan(DAY)
  })

  it('charts a month from the first start: a TVL and an APR point a day, each read at its own block', async () => {
    const from = Date.now() - 31 * DAY * 1000
    const tvl = await get(service.app, `/tvl/history?platform=all&from=${from}`)
    expect(tvl.status).toBe(200)
    const points = (tvl.body.points as { chainId: number; blockNumber: string; takenAt: string; poolTvl: number; yieldTvl: number }[]).filter(
      (point) => point.chainId === CHAIN,
    )
    const times = points.map((point) => Date.parse(point.takenAt) / 1000)
    expect(points.length).toBeGreaterThanOrEqual(30)
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(29 * DAY)
    expect(points.every((point) => point.poolTvl > 0 && point.yieldTvl > 0)).toBe(true)
    // Each point is its block's: the block's own timestamp, and the vaults' value of that day (deposits and harvests moved it).
    const client = publicClientFor(CHAIN)
    for (const point of [points[0]!, points[15]!, points.at(-1)!]) {
      const block = await client.getBlock({ blockNumber: BigInt(point.blockNumber) })
      expect(point.takenAt).toBe(new Date(Number(block.timestamp) * 1000).toISOString())
    }
    expect(new Set(points.map((point) => point.yieldTvl)).size).toBeGreaterThanOrEqual(25)

    const aprs = await get(service.app, `/v2/pools/apr-history?chain=${CHAIN}&from=${from}`)
    const reference = devnetChain(CHAIN).rewardPools[0]!.address
    const referenceTimes = (aprs.body.points as { pool: string; pid: number; takenAt: string; apr: number }[])
      .filter((point) => point.pool === reference && point.pid === 0 && point.apr > 0)
      .map((point) => Date.parse(point.takenAt) / 1000)
    expect(referenceTimes.length).toBeGreaterThanOrEqual(30)
    expect(Math.max(...referenceTimes) - Math.min(...referenceTimes)).toBeGreaterThanOrEqual(29 * DAY)
  })

  it('charts the last day by the hour: a point in each of its hours, each read at a block inside that hour', async () => {
    const head = Number((await publicClientFor(CHAIN).getBlock()).timestamp)
    const tvl = await get(service.app, `/tvl/history?platform=all&from=${(head - DAY) * 1000}`)
    const hours = new Set(
      (tvl.body.points as { chainId: number; takenAt: string }[])
        .filter((point) => point.chainId === CHAIN)
        .map((point) => Math.floor(Date.parse(point.takenAt) / 3_600_000)),
    )
    // The 23 whole hours before the head's, whose middles the backfill reads (a block every 10 minutes there).
    const wanted = Array.from({ length: 23 }, (_, back) => Math.floor(head / 3_600) - back - 1)
    expect(wanted.filter((hour) => !hours.has(hour))).toEqual([])
  })

  it('a restart reads no day twice: only its own snapshot may add a point', async () => {
    const store = new SnapshotStore(stored.sql)
    const count = async () => (await store.tvlHistory({ from: 0, to: Number.MAX_SAFE_INTEGER })).filter((point) => point.chainId === CHAIN).length
    const before = await count()
    const again = await refresherApp({
      chains: devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN),
      registry: devnetRegistry(devnet()),
      store,
      env: { HISTORY_BACKFILL_DAYS: '30', HISTORY_INTERVAL_MS: '1000' },
    })
    try {
      await again.refresher.refresh(CHAIN)
      await again.refresher.settled()
      // Its snapshot's point, unless the chain had no new block since the last one (one point a block).
      const after = await count()
      expect(after).toBeGreaterThanOrEqual(before)
      expect(after).toBeLessThanOrEqual(before + 1)
    } finally {
      await again.close()
    }
  })

  it("holds a harvest a day of every strategy, and the demo user's deposits, stakes, claims and a withdrawal", async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const { status, body } = await get(service.app, `/vaults/${vault.address}/harvests?chain=${CHAIN}&limit=1000`)
    expect(status).toBe(200)
    const times = (body.harvests as { timestamp: number; usd: number | null }[]).map((harvest) => harvest.timestamp)
    expect(times.length).toBeGreaterThanOrEqual(31)
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(30 * DAY)
    // Valued at their own blocks: the feeds were posted every day of the past.
    const unvalued = (body.harvests as { block: string; usd: number | null; usdNote?: string }[]).filter(
      (harvest) => !(harvest.usd !== null && harvest.usd > 0),
    )
    expect(unvalued).toEqual([])

    const user = devnetChain(CHAIN).accounts[2]!.address
    const history = await get(service.app, `/users/${user}/history?chain=${CHAIN}&limit=1000`)
    expect(history.status).toBe(200)
    const actions = new Set((history.body.actions as { action: string }[]).map((entry) => entry.action))
    for (const action of ['deposit', 'withdraw', 'stake', 'claim']) expect(actions, action).toContain(action)
    const positions = await get(service.app, `/users/${user}/positions?chain=${CHAIN}`)
    const at = BigInt(positions.headers['x-block-number'] as string)
    const beefy = (positions.body.positions as { address: string; amount: string; deposited: string | null; earned: string | null }[]).find(
      (position) => position.address === vault.address,
    )!
    // deposited: the want the user sent the vault less what it sent back, by the want's own Transfer logs.
    const client = publicClientFor(CHAIN)
    const moved = async (from: Address, to: Address) =>
      (await client.getLogs({ address: vault.want, event: TRANSFER, args: { from, to }, fromBlock: 0n, toBlock: at })).reduce(
        (sum, log) => sum + log.args.value!,
        0n,
      )
    const deposited = (await moved(user, vault.address)) - (await moved(vault.address, user))
    expect(deposited).toBeGreaterThan(0n)
    // earned: what the shares are worth by the vault's own reads at the answer's block, less deposited.
    expect(beefy).toMatchObject({ deposited: String(deposited), earned: String((await heldUnderlying(client, vault, user, at)) - deposited) })
  })
})
