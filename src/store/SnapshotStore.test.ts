import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlStores } from '../../test/sqlStores.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { migrate, migrations } from './migrations.js'
import { SnapshotStore } from './SnapshotStore.js'
import type { SqlClient } from './SqlClient.js'

const POOL = getAddress('0x00000000000000000000000000000000000000aa')
const TOKEN = getAddress('0x00000000000000000000000000000000000000bb')

/** A small snapshot with the value types a real one carries: bigints, Maps, nested records. */
function snapshot(chainId: number, blockNumber: bigint, takenAt: number): ChainSnapshot {
  return {
    chainId,
    takenAt,
    completedApr: { [POOL]: { '0': '12.5' } },
    state: {
      chainId,
      blockNumber,
      timestamp: 1_700_000_000,
      tokens: new Map([[TOKEN, { name: 'Token', symbol: 'TKN', decimals: 18 }]]),
      feeds: new Map([[TOKEN, { answer: 123_456_789n, updatedAt: 1_700_000_000n, decimals: 8 }]]),
      pairs: new Map([[POOL, undefined]]),
      vaultWant: new Map([[POOL, 2n ** 200n]]),
      bridgeBalances: new Map(),
      rewardPools: new Map(),
    },
  }
}

const stores = sqlStores()

describe.each(stores)('%s store', (_name, open) => {
  let client: SqlClient
  let cleanup: () => Promise<void>
  let store: SnapshotStore
  beforeAll(async () => {
    ;({ client, cleanup } = await open())
    store = new SnapshotStore(client)
  }, 60_000)
  afterAll(() => cleanup())

  it('applies every migration once; a second run applies none', async () => {
    expect(await migrate(client)).toBe(migrations.length)
    expect(await migrate(client)).toBe(0)
    const versions = await client.query<{ version: number }>('select version from schema_migrations order by version')
    expect(versions.map((row) => Number(row.version))).toEqual(migrations.map((_, index) => index + 1))
  })

  it('keeps the latest snapshot per chain, values intact, and never goes back to an older block', async () => {
    await store.saveSnapshot(snapshot(56, 100n, 1_000))
    await store.saveSnapshot(snapshot(56, 120n, 2_000))
    await store.saveSnapshot(snapshot(56, 110n, 3_000))
    await store.saveSnapshot(snapshot(1, 7n, 4_000))
    const [ethereum, bsc] = await store.latestSnapshots()
    expect(ethereum!.state.blockNumber).toBe(7n)
    expect(bsc!.state.blockNumber).toBe(120n)
    expect(bsc!.takenAt).toBe(2_000)
    expect(bsc!.state.vaultWant.get(POOL)).toBe(2n ** 200n)
    expect(bsc!.state.feeds.get(TOKEN)).toEqual({ answer: 123_456_789n, updatedAt: 1_700_000_000n, decimals: 8 })
    expect(bsc!.state.tokens.get(TOKEN)).toEqual({ name: 'Token', symbol: 'TKN', decimals: 18 })
    expect(bsc!.completedApr[POOL]).toEqual({ '0': '12.5' })
    // A replica that follows the store reads only what it does not hold yet.
    const holding = new Map([[56, { blockNumber: 120n, takenAt: 2_000 }]])
    expect((await store.snapshotsNewerThan((chainId) => holding.get(chainId))).map((snapshot) => snapshot.chainId)).toEqual([1])
    holding.set(1, { blockNumber: 7n, takenAt: 4_000 })
    expect(await store.snapshotsNewerThan((chainId) => holding.get(chainId))).toEqual([])
  })

  it('records TVL and APR history, answers ranges, the last APRs before an end block, and prunes', async () => {
    for (const [block, at, apr] of [
      [10n, 10_000, 5],
      [20n, 20_000, 6],
      [30n, 30_000, 7],
    ] as const) {
      await store.appendHistory({
        chainId: 56,
        blockNumber: block,
        takenAt: at,
        tvl: { bridgeTvl: 1, poolTvl: apr, yieldTvl: 3.5 },
        aprs: [
          { pool: POOL, pid: 0, apr },
          { pool: POOL, pid: 1, apr: apr * 10 },
        ],
      })
    }
    const tvl = await store.tvlHistory({ from: 15_000, to: 30_000 })
    expect(tvl).toEqual([
      { chainId: 56, blockNumber: 20n, takenAt: 20_000, bridgeTvl: 1, poolTvl: 6, yieldTvl: 3.5 },
      { chainId: 56, blockNumber: 30n, takenAt: 30_000, bridgeTvl: 1, poolTvl: 7, yieldTvl: 3.5 },
    ])
    expect((await store.aprHistory({ chainId: 56, pool: POOL, from: 0, to: 20_000 })).map((point) => [point.pid, point.blockNumber, point.apr])).toEqual([
      [0, 10n, 5],
      [1, 10n, 50],
      [0, 20n, 6],
      [1, 20n, 60],
    ])
    expect(await store.lastAprsBefore(56, POOL, 30n)).toEqual({ '0': '6', '1': '60' })
    expect(await store.lastAprsBefore(56, POOL, 10n)).toBeUndefined()
    // Past the retention one point a day stays, the day's last (20 000 ms, all on 1970-01-01): the point at 10 000 goes, TVL and both APRs.
    expect(await store.prune(25_000)).toBe(3)
    expect((await store.tvlHistory({ from: 0, to: 100_000 })).map((point) => point.blockNumber)).toEqual([20n, 30n])
    expect((await store.aprHistory({ chainId: 56, pool: POOL, from: 0, to: 100_000 })).map((point) => point.blockNumber)).toEqual([20n, 20n, 30n, 30n])
    expect(await store.prune(25_000)).toBe(0)
  })
  it("keeps LP pairs' reserves with the history, by chain time: a trading APR's base where the node no longer has the state", async () => {
    const reserves = (n: bigint) => ({ pair: POOL, reserve0: n * 10n ** 30n, reserve1: n, totalSupply: 2n ** 130n + n })
    for (const [block, time] of [
      [40n, 1_000_000],
      [41n, 1_000_600],
      [50n, 1_086_400],
    ] as const)
      await store.appendHistory({
        chainId: 58,
        blockNumber: block,
        takenAt: time * 1000,
        blockTime: time,
        tvl: { bridgeTvl: 1, poolTvl: 1, yieldTvl: 1 },
        aprs: [],
        pairs: [reserves(block)],
      })
    // The newest point within the range, with amounts past 2^64 intact.
    expect(await store.pairPointsBetween(58, [POOL], 999_000, 1_001_000)).toEqual(
      new Map([[POOL, { blockNumber: 41n, timestamp: 1_000_600, reserve0: 41n * 10n ** 30n, reserve1: 41n, totalSupply: 2n ** 130n + 41n }]]),
    )
    expect((await store.pairPointsBetween(58, [POOL], 1_086_000, 1_087_000)).get(POOL)?.blockNumber).toBe(50n)
    expect(await store.pairPointsBetween(58, [POOL], 1_001_000, 1_086_000)).toEqual(new Map())
    expect(await store.pairPointsBetween(57, [POOL], 0, 2_000_000)).toEqual(new Map())
    // Thinned with the rest of the history to a point a day: of block 40 and 41's day, 41 stays (TVL and pair).
    expect(await store.prune(1_086_000 * 1000)).toBeGreaterThanOrEqual(2)
    expect(await store.pairPointsBetween(58, [POOL], 999_000, 1_000_500)).toEqual(new Map())
    expect((await store.pairPointsBetween(58, [POOL], 0, 1_001_000)).get(POOL)?.blockNumber).toBe(41n)
  })

  it('orders history by block and time as numbers, not as the text they are read back as', async () => {
    for (const block of [9n, 100n]) {
      const takenAt = Number(block) * 1_000
      await store.appendHistory({
        chainId: 57,
        blockNumber: block,
        takenAt,
        tvl: { bridgeTvl: 1, poolTvl: 1, yieldTvl: 1 },
        aprs: [{ pool: POOL, pid: 0, apr: 1 }],
      })
    }
    expect((await store.aprHistory({ chainId: 57, pool: POOL, from: 0, to: 200_000 })).map((point) => point.blockNumber)).toEqual([9n, 100n])
  })

  it("finds a window's base by an index probe per vault and pair, never by reading the chain's whole history", async () => {
    // 100 vaults and pairs with 10 hours of minute points each: enough that a scan costs the planner more than probes.
    const vaults = Array.from({ length: 100 }, (_, index) => getAddress(`0x${(index + 1).toString(16).padStart(40, '0')}`))
    await client.query(
      `insert into vault_history (chain_id, vault, block_number, taken_at, price_per_share, block_time)
       select 59, vault, m, (1000000 + m * 60) * 1000, m, 1000000 + m * 60 from unnest($1::text[]) as vault, generate_series(1, 600) as m`,
      [vaults],
    )
    await client.query(
      `insert into pair_history (chain_id, pair, block_number, taken_at, block_time, reserve0, reserve1, total_supply)
       select 59, pair, m, (1000000 + m * 60) * 1000, 1000000 + m * 60, m, m, m from unnest($1::text[]) as pair, generate_series(1, 600) as m`,
      [vaults],
    )
    await client.query('analyze vault_history')
    await client.query('analyze pair_history')
    // The newest point within the range, by block time: block 500 of 600.
    const asked = [vaults[3]!, vaults[90]!, getAddress('0x00000000000000000000000000000000000fffff')]
    const points = await store.vaultPointsBetween(59, asked, 1_000_000 + 490 * 60 + 30, 1_000_000 + 500 * 60 + 30)
    expect([...points].map(([vault, point]) => [vault, point.blockNumber, point.blockTime])).toEqual([
      [vaults[3], 500n, 1_030_000],
      [vaults[90], 500n, 1_030_000],
    ])
    expect((await store.pairPointsBetween(59, asked, 1_000_000, 1_000_090)).get(vaults[90]!)?.blockNumber).toBe(1n)
    // The plans of the statements the store sends, with their parameters.
    const sent: [string, readonly unknown[]][] = []
    const query: SqlClient['query'] = (sql, params) => {
      sent.push([sql, params ?? []])
      return client.query(sql, params)
    }
    const recording = new SnapshotStore({
      query,
      session: (work) => client.session(work),
      transaction: (work) => client.transaction(work),
      close: async () => {},
    })
    await recording.vaultPointsBetween(59, asked, 1_000_000, 1_000_600)
    await recording.pairPointsBetween(59, asked, 1_000_000, 1_000_600)
    for (const [[sql, params], table] of [
      [sent[0]!, 'vault_history'],
      [sent[1]!, 'pair_history'],
    ] as const) {
      const [row] = await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params)
      const plan = JSON.stringify(row!['QUERY PLAN'])
      expect(plan, table).toContain(`"Index Name":"${table}_time"`)
      expect(plan, table).not.toMatch(new RegExp(`"Node Type":"Seq Scan"[^}]*"Relation Name":"${table}"`))
    }
  })
})
