import fc from 'fast-check'
import { getAddress, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openSqlClient, SnapshotStore, type SqlClient } from '../store/index.js'
import { AHEAD_SECONDS, StoredWindowPoints } from './StoredWindowPoints.js'

const VAULTS = [1, 2, 3, 4].map((n) => getAddress(`0x${n.toString(16).padStart(40, '0')}`))
const TOLERANCE = 30

/** A step of the followed chain: the window's start moves on (seconds), or the history is written. */
type Step = { advance: number } | { write: { vault: number; at: number } } | { prune: true }

describe("the store's points near a window's start, read ahead", () => {
  let sql: SqlClient
  beforeAll(async () => {
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
  })
  afterAll(() => sql.close())

  it('gives at every block what the store gives for that block, with a read a minute instead of a read a block', async () => {
    const step = fc.oneof(
      { weight: 8, arbitrary: fc.record({ advance: fc.integer({ min: 0, max: 20 }) }) },
      { weight: 2, arbitrary: fc.record({ write: fc.record({ vault: fc.integer({ min: 0, max: 3 }), at: fc.integer({ min: -40, max: 120 }) }) }) },
      { weight: 1, arbitrary: fc.constant({ prune: true as const }) },
    )
    let chainId = 100
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ vault: fc.integer({ min: 0, max: 3 }), at: fc.integer({ min: -60, max: 200 }) })),
        fc.array(step, { maxLength: 30 }),
        async (points, steps) => {
          chainId++
          const store = new SnapshotStore(sql)
          let block = 0n
          const write = (vault: number, at: number) =>
            store.saveVaultPoints(chainId, ++block, (1_000_000 + at) * 1000, 1_000_000 + at, [{ vault: VAULTS[vault]!, pricePerShare: block }])
          for (const { vault, at } of points) await write(vault, at)
          const stored = new StoredWindowPoints(store, (error) => {
            throw error
          })
          let target = 1_000_000
          for (const each of [{ advance: 0 }, ...steps] as Step[]) {
            if ('write' in each) await write(each.write.vault, target - 1_000_000 + each.write.at)
            else if ('prune' in each) await store.prune(target * 1000)
            else target += each.advance
            const given = await stored.vaults('window', chainId, VAULTS, target - TOLERANCE, target + TOLERANCE)
            const truth = await store.vaultPointsBetween(chainId, VAULTS, target - TOLERANCE, target + TOLERANCE)
            expect([...given]).toEqual([...truth])
          }
        },
      ),
      { numRuns: 40 },
    )
  })

  it('reads the store once while the window moves within the minute read ahead, and again after a write', async () => {
    const store = new SnapshotStore(sql)
    const reads: [number, number][] = []
    const vaultPointsBetween = store.vaultPointsBetween.bind(store)
    store.vaultPointsBetween = (chainId: number, asked: readonly Address[], from: number, to: number) => {
      reads.push([from, to])
      return vaultPointsBetween(chainId, asked, from, to)
    }
    const stored = new StoredWindowPoints(store, (error) => {
      throw error
    })
    const seconds = Array.from({ length: AHEAD_SECONDS + 1 }, (_, index) => 2_000_000 + index)
    for (const target of seconds) expect(await stored.vaults('window', 7, VAULTS, target - TOLERANCE, target + TOLERANCE)).toEqual(new Map())
    expect(reads).toEqual([[2_000_000 - TOLERANCE, 2_000_000 + TOLERANCE + AHEAD_SECONDS]])
    await store.saveVaultPoints(7, 1n, 2_000_060_000, 2_000_060, [{ vault: VAULTS[0]!, pricePerShare: 5n }])
    expect((await stored.vaults('window', 7, VAULTS, 2_000_060 - TOLERANCE, 2_000_060 + TOLERANCE)).get(VAULTS[0]!)?.pricePerShare).toBe(5n)
    expect(reads).toHaveLength(2)
  })
})
