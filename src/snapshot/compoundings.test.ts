import { type Address, getAddress, type Hex, pad, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainRegistry, RegisteredVault } from '../registry/index.js'
import { eventRows, IndexStore, migrate, openSqlClient, type SqlClient } from '../store/index.js'
import { COMPOUNDING_WINDOW_SECONDS, compoundingsAt } from './compoundings.js'

const CHAIN = 9
const DAY = 86_400
const NOW = 1_800_000_000
const OLD_STRATEGY = getAddress('0x0000000000000000000000000000000000000a01')
const OLD_VAULT = getAddress('0x0000000000000000000000000000000000000a02')
const YOUNG_STRATEGY = getAddress('0x0000000000000000000000000000000000000b01')
const YOUNG_VAULT = getAddress('0x0000000000000000000000000000000000000b02')
const HARVESTER = getAddress('0x0000000000000000000000000000000000000c01')

/** Block n of a made-up chain, one a day, the last (block 100) at NOW. */
const timeOf = (n: bigint) => NOW - (100 - Number(n)) * DAY
const block = (n: bigint) => ({ number: n, hash: pad(toHex(n), { size: 32 }) as Hex, timestamp: timeOf(n) })
let logIndex = 0
const event = (contract: Address, n: bigint, action: 'harvest' | 'deposit', amount = 1n) => ({
  blockNumber: n,
  logIndex: logIndex++,
  txHash: pad('0x03', { size: 32 }) as Hex,
  contract,
  action,
  account: HARVESTER,
  amount,
})

/**
 * How often a vault compounds, from the index: over the 30 days of chain time before the block,
 * or over its own life when it is younger (from the first event of its vault or its strategy).
 */
describe('compoundingsAt', () => {
  let sql: SqlClient
  let store: IndexStore
  beforeAll(async () => {
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new IndexStore(sql)
    const contracts = [OLD_STRATEGY, OLD_VAULT, YOUNG_STRATEGY, YOUNG_VAULT]
    await store.follow(
      CHAIN,
      contracts.map((address) => ({ address, fromBlock: 0n })),
    )
    expect(await store.acquireLease(CHAIN, 'test', 60_000)).toBe(true)
    // The old vault: a harvest a day for 60 days. The young one: its first deposit 10 days back, a harvest a day since.
    const events = [
      event(OLD_VAULT, 40n, 'deposit'),
      ...Array.from({ length: 60 }, (_, day) => event(OLD_STRATEGY, BigInt(41 + day), 'harvest')),
      event(YOUNG_VAULT, 90n, 'deposit'),
      ...Array.from({ length: 10 }, (_, day) => event(YOUNG_STRATEGY, BigInt(91 + day), 'harvest')),
    ]
    const blocks = [...new Set(events.map((item) => item.blockNumber))].map(block)
    await store.commit(CHAIN, 'test', {
      addresses: contracts,
      through: 100n,
      blocks,
      checkpoint: block(100n),
      rows: eventRows(CHAIN, events),
      head: 100n,
      finalityDepth: 30n,
    })
  })
  afterAll(() => sql?.close())

  it('counts a vault older than the window over 30 days, and a younger one over its own life', async () => {
    const vault = (address: Address) => ({ address }) as RegisteredVault
    const registry = {
      strategies: new Map([
        [OLD_STRATEGY, vault(OLD_VAULT)],
        [YOUNG_STRATEGY, vault(YOUNG_VAULT)],
      ]),
    } as ChainRegistry
    const progress = {
      chainId: CHAIN,
      indexedBlock: 100n,
      head: 100n,
      backfill: 1,
      contracts: new Map([
        [OLD_STRATEGY, 100n],
        [YOUNG_STRATEGY, 100n],
      ]),
      indexesBuilt: true,
    }
    const { counts, notes } = await compoundingsAt(store, CHAIN, registry, progress, { blockNumber: 100n, timestamp: NOW }, new Map())
    expect(notes).toEqual({})
    // Blocks 70 to 100 lie in the 30 days: 31 harvests, over the whole window.
    expect(counts[OLD_STRATEGY]).toEqual({ harvests: 31, spanSeconds: COMPOUNDING_WINDOW_SECONDS })
    // Ten harvests since its first deposit, ten days back: ten over ten days, not over thirty.
    expect(counts[YOUNG_STRATEGY]).toEqual({ harvests: 10, spanSeconds: 10 * DAY })
    // Before the chain's lookups are built nothing is counted, and each strategy says why.
    const building = await compoundingsAt(store, CHAIN, registry, { ...progress, indexesBuilt: false }, { blockNumber: 100n, timestamp: NOW }, new Map())
    expect(building.counts).toEqual({})
    expect(building.notes[OLD_STRATEGY]).toBe(`the event index of chain ${CHAIN} is still being built (its lookups, after the event backfill)`)
  })
})
