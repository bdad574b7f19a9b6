import { type Address, getAddress, type Hex, pad, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlStores } from '../../test/sqlStores.js'
import { IndexStore } from './IndexStore.js'
import { IndexLeaseLost, type IndexedBlock } from './indexShapes.js'
import { eventRows, type IndexedEvent } from './indexRows.js'
import { migrate } from './migrations.js'
import type { SqlClient } from './SqlClient.js'

const CHAIN = 7
const POOL = getAddress('0x00000000000000000000000000000000000000aa')
const VAULT = getAddress('0x00000000000000000000000000000000000000bb')
const ALICE = getAddress('0x000000000000000000000000000000000000a11c')
const BOB = getAddress('0x0000000000000000000000000000000000000b0b')
const OWNER = 'indexer-a'

/** A block of a made-up chain: its hash says its number and branch. */
function block(number: bigint, branch = 'a'): IndexedBlock {
  return { number, hash: pad(toHex(`${branch}${number}`), { size: 32 }) as Hex, timestamp: 1_700_000_000 + Number(number) }
}

let logIndex = 0

function stake(account: Address, blockNumber: bigint, amount: bigint, action: 'stake' | 'unstake' = 'stake', pid = 0): IndexedEvent {
  return { blockNumber, logIndex: logIndex++, txHash: pad('0x01', { size: 32 }), contract: POOL, action, account, pid, amount }
}

describe.each(sqlStores())('%s index store', (_name, open) => {
  let client: SqlClient
  let cleanup: () => Promise<void>
  let store: IndexStore
  beforeAll(async () => {
    ;({ client, cleanup } = await open())
    await migrate(client)
    store = new IndexStore(client)
    await store.follow(CHAIN, [
      { address: POOL, fromBlock: 10n },
      { address: VAULT, fromBlock: 20n },
    ])
  }, 60_000)
  afterAll(() => cleanup())

  it('follows each contract from its first block, and keeps the progress of one already followed', async () => {
    await store.follow(CHAIN, [{ address: POOL, fromBlock: 99n }])
    expect(await store.contracts(CHAIN)).toEqual([
      { address: POOL, fromBlock: 10n, nextBlock: 10n },
      { address: VAULT, fromBlock: 20n, nextBlock: 20n },
    ])
  })

  it('writes a pass only under the lease, keeps an event read twice once, and counts stakers at a block', async () => {
    expect(await store.acquireLease(CHAIN, OWNER, 60_000)).toBe(true)
    expect(await store.acquireLease(CHAIN, 'indexer-b', 60_000)).toBe(false)
    const events = [stake(ALICE, 12n, 5n), stake(BOB, 13n, 7n), stake(ALICE, 14n, 5n, 'unstake'), stake(BOB, 14n, 1n, 'stake', 1)]
    const pass = {
      addresses: [POOL],
      through: 15n,
      blocks: [block(12n), block(13n), block(14n)],
      checkpoint: block(15n),
      rows: eventRows(CHAIN, events),
      head: 30n,
      finalityDepth: 30n,
    }
    await expect(store.commit(CHAIN, 'indexer-b', pass)).rejects.toBeInstanceOf(IndexLeaseLost)
    await store.commit(CHAIN, OWNER, pass)
    // The same range again (a pass retried after a failure) adds nothing.
    await store.commit(CHAIN, OWNER, pass)
    expect((await store.events(CHAIN)).map((event) => event.blockNumber)).toEqual([12n, 13n, 14n, 14n])
    expect((await store.contracts(CHAIN)).find((contract) => contract.address === POOL)?.nextBlock).toBe(16n)
    expect((await store.contracts(CHAIN)).find((contract) => contract.address === VAULT)?.nextBlock).toBe(20n)
    // Alice staked 5 and unstaked 5 at block 14: only Bob stays, in pid 0 and pid 1.
    expect(await store.participants(CHAIN, POOL, 13n)).toEqual(new Map([[0, 2]]))
    expect(await store.participants(CHAIN, POOL, 14n)).toEqual(
      new Map([
        [0, 1],
        [1, 1],
      ]),
    )
    expect(await store.head(CHAIN)).toMatchObject({ head: 30n })
  })

  it('stores of a pass only the events each of its contracts had not stored: one that stood further on keeps its own', async () => {
    const chain = 17
    await store.follow(chain, [
      { address: POOL, fromBlock: 10n },
      { address: VAULT, fromBlock: 20n },
    ])
    expect(await store.acquireLease(chain, OWNER, 60_000)).toBe(true)
    const deposit = (blockNumber: bigint): IndexedEvent => ({ ...stake(BOB, blockNumber, 2n), contract: VAULT, action: 'deposit' })
    await store.commit(chain, OWNER, {
      addresses: [POOL, VAULT],
      through: 25n,
      blocks: [block(12n), block(18n), block(21n)],
      checkpoint: block(25n),
      rows: eventRows(chain, [stake(ALICE, 12n, 1n), deposit(18n), deposit(21n)]),
      head: 30n,
      finalityDepth: 30n,
    })
    expect((await store.events(chain)).map((event) => [event.contract, event.blockNumber])).toEqual([
      [POOL, 12n],
      [VAULT, 21n],
    ])
  })

  it('rewinds to an ancestor: the events and blocks above it go, and every contract reads again from the block after it', async () => {
    await store.commit(CHAIN, OWNER, {
      addresses: [POOL, VAULT],
      through: 25n,
      blocks: [block(21n)],
      checkpoint: block(25n),
      rows: eventRows(CHAIN, [stake(ALICE, 21n, 3n)]),
      head: 30n,
      finalityDepth: 30n,
    })
    expect(await store.participants(CHAIN, POOL, 25n)).toEqual(
      new Map([
        [0, 2],
        [1, 1],
      ]),
    )
    expect(await store.rewind(CHAIN, OWNER, 13n)).toBe(3)
    expect((await store.events(CHAIN)).map((event) => event.blockNumber)).toEqual([12n, 13n])
    expect((await store.blocksBelow(CHAIN, 100n, 10)).map((stored) => stored.number)).toEqual([13n, 12n])
    expect((await store.contracts(CHAIN)).map((contract) => contract.nextBlock)).toEqual([14n, 14n])
    expect(await store.participants(CHAIN, POOL, 25n)).toEqual(new Map([[0, 2]]))
  })

  it('hands the lease over once its holder stops renewing it, and refuses the old holder', async () => {
    expect(await store.acquireLease(CHAIN, OWNER, 1)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await store.acquireLease(CHAIN, 'indexer-b', 60_000)).toBe(true)
    await expect(store.rewind(CHAIN, OWNER, 0n)).rejects.toBeInstanceOf(IndexLeaseLost)
    await store.releaseLease(CHAIN, 'indexer-b')
    expect(await store.acquireLease(CHAIN, OWNER, 60_000)).toBe(true)
  })

  it('counts the harvests that added want in a window of chain time, edges included, through a block; and when a contract first acted', async () => {
    const STRATEGY = getAddress('0x00000000000000000000000000000000000000cc')
    const QUIET = getAddress('0x00000000000000000000000000000000000000dd')
    const harvest = (blockNumber: bigint, amount: bigint): IndexedEvent => ({
      blockNumber,
      logIndex: logIndex++,
      txHash: pad('0x02', { size: 32 }),
      contract: STRATEGY,
      action: 'harvest',
      account: ALICE,
      amount,
    })
    expect(await store.acquireLease(CHAIN, OWNER, 60_000)).toBe(true)
    await store.commit(CHAIN, OWNER, {
      addresses: [STRATEGY],
      through: 50n,
      // Block 41's harvest added nothing; block 50's lies past the block asked about below.
      blocks: [block(40n), block(41n), block(45n), block(50n)],
      checkpoint: block(50n),
      rows: eventRows(CHAIN, [harvest(40n, 5n), harvest(41n, 0n), harvest(45n, 3n), harvest(50n, 2n)]),
      head: 60n,
      finalityDepth: 30n,
    })
    const time = (number: bigint) => block(number).timestamp
    const counts = (fromTime: number, toTime: number, atBlock: bigint) =>
      store.harvestCounts(CHAIN, { strategies: [STRATEGY, QUIET], fromTime, toTime, atBlock })
    // Both edges count; the harvest that added nothing never does; one past `atBlock` neither.
    expect(await counts(time(40n), time(45n), 49n)).toEqual(new Map([[STRATEGY, 2]]))
    expect(await counts(time(41n), time(45n), 49n)).toEqual(new Map([[STRATEGY, 1]]))
    expect(await counts(time(40n), time(44n), 49n)).toEqual(new Map([[STRATEGY, 1]]))
    expect(await counts(time(40n), time(50n), 44n)).toEqual(new Map([[STRATEGY, 1]]))
    expect(await counts(time(40n), time(50n), 50n)).toEqual(new Map([[STRATEGY, 3]]))
    expect(await counts(time(46n), time(49n), 50n)).toEqual(new Map())
    // When a contract first acted, whatever the event added; none before its first event, none for a contract without any.
    expect(await store.firstEventTimes(CHAIN, [STRATEGY, QUIET], 60n)).toEqual(new Map([[STRATEGY, time(40n)]]))
    expect(await store.firstEventTimes(CHAIN, [STRATEGY], 39n)).toEqual(new Map())
  })

  it("copies every value as it is, escapes and nulls included, and builds a chain's lookups once, which its answers' queries read through", async () => {
    const OTHER = 8
    await store.follow(OTHER, [{ address: VAULT, fromBlock: 0n }])
    expect(await store.acquireLease(OTHER, OWNER, 60_000)).toBe(true)
    const odd: IndexedEvent = {
      blockNumber: 5n,
      logIndex: 3,
      txHash: pad('0x03', { size: 32 }),
      contract: VAULT,
      action: 'deposit',
      account: ALICE,
      counterparty: BOB,
      token: POOL,
      amount: 10n ** 30n + 1n,
      detail: { note: 'a\tb\\c\nd\re \\N', callFee: '7' },
    }
    const plain: IndexedEvent = {
      blockNumber: 6n,
      logIndex: 0,
      txHash: pad('0x04', { size: 32 }),
      contract: VAULT,
      action: 'withdraw',
      account: BOB,
      amount: 0n,
    }
    const pass = {
      addresses: [VAULT],
      through: 6n,
      blocks: [block(5n), block(6n)],
      checkpoint: block(6n),
      rows: eventRows(OTHER, [odd, plain]),
      head: 6n,
      finalityDepth: 30n,
    }
    await store.commit(OTHER, OWNER, pass)
    expect(await store.events(OTHER)).toEqual([odd, plain])
    expect(await store.indexesBuilt(OTHER)).toBe(false)
    await store.buildIndexes(OTHER)
    expect(await store.indexesBuilt(OTHER)).toBe(true)
    // Another process reads it from the store.
    expect(await new IndexStore(client).indexesBuilt(OTHER)).toBe(true)
    // The key keeps one row per log.
    await expect(
      client.query(
        `insert into index_events (chain_id, block_number, log_index, tx_hash, contract, action, account, amount) values ($1, 5, 3, 'x', 'y', 'deposit', 'z', 1)`,
        [OTHER],
      ),
    ).rejects.toThrow(/duplicate key/)
    // The chain's own lookups serve a query that names the chain by parameter (the planner knows its value; on so few rows any of them will do).
    const plan = await client.session(async (query) => {
      await query('set enable_seqscan = off')
      const rows = await query(`explain select count(*) from index_events where chain_id = $1 and contract = $2 and action = 'deposit'`, [OTHER, 'x'])
      await query('reset enable_seqscan')
      return JSON.stringify(rows)
    })
    expect(plan).toMatch(new RegExp(`Index Scan using index_events_\\w+_${OTHER} on index_events`))
  })
})
