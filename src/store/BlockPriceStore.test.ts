import { type Hex, pad, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sqlStores } from '../../test/sqlStores.js'
import { BlockPriceStore } from './BlockPriceStore.js'
import { IndexStore } from './IndexStore.js'
import { migrate, migrations } from './migrations.js'
import type { SqlClient } from './SqlClient.js'

const CHAIN = 7
const OWNER = 'indexer-a'

/** Block `number` of branch `branch`: its hash says both. */
const block = (number: bigint, branch = 'a') => ({ number, hash: pad(toHex(`${branch}${number}`), { size: 32 }) as Hex })

describe.each(sqlStores())('%s block price store', (_name, open) => {
  let client: SqlClient
  let cleanup: () => Promise<void>
  let prices: BlockPriceStore
  let index: IndexStore
  beforeAll(async () => {
    ;({ client, cleanup } = await open())
    await migrate(client)
    prices = new BlockPriceStore(client)
    index = new IndexStore(client)
  }, 60_000)
  afterAll(() => cleanup())

  it('gives the values kept for a block only under the hash they were read at', async () => {
    await prices.keep(CHAIN, block(5n), { usd: 1 })
    await prices.keep(CHAIN, block(6n), { usd: 2 })
    expect(await prices.valuesAt(CHAIN, [block(5n), block(6n), block(7n)])).toEqual(
      new Map([
        [5n, { usd: 1 }],
        [6n, { usd: 2 }],
      ]),
    )
    // Block 6 as a reorg replaced it: the values of the branch it left are not its own.
    expect(await prices.valuesAt(CHAIN, [block(6n, 'b')])).toEqual(new Map())
    expect(await prices.valuesAt(CHAIN + 1, [block(5n)])).toEqual(new Map())
  })

  it("keeps the successor's values in place of a replaced block's, and is left alone by the index's rewind", async () => {
    await prices.keep(CHAIN, block(6n, 'b'), { usd: 3 })
    expect(await prices.valuesAt(CHAIN, [block(6n, 'b')])).toEqual(new Map([[6n, { usd: 3 }]]))
    expect(await prices.valuesAt(CHAIN, [block(6n)])).toEqual(new Map())
    // Keeping the same block again changes nothing.
    await prices.keep(CHAIN, block(6n, 'b'), { usd: 4 })
    expect(await prices.valuesAt(CHAIN, [block(6n, 'b')])).toEqual(new Map([[6n, { usd: 3 }]]))
    expect(await index.acquireLease(CHAIN, OWNER, 60_000)).toBe(true)
    await index.rewind(CHAIN, OWNER, 0n)
    expect(await prices.valuesAt(CHAIN, [block(5n), block(6n, 'b')])).toEqual(
      new Map([
        [5n, { usd: 1 }],
        [6n, { usd: 3 }],
      ]),
    )
  })

  it('keeps what was kept before it existed: the step that made it moves the old rows under the hash the index holds for their block', async () => {
    const { client: old, cleanup: drop } = await open()
    try {
      // The schema as it stood before block_prices: the steps before it, as migrate applies them.
      const before = migrations.findIndex((step) => step.includes('create table block_prices'))
      await old.query('create table schema_migrations (version integer primary key, applied_at bigint not null)')
      for (const [index, step] of migrations.slice(0, before).entries()) {
        for (const statement of step
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean))
          await old.query(statement)
        await old.query('insert into schema_migrations (version, applied_at) values ($1, 0)', [index + 1])
      }
      const kept = block(5n)
      await old.query('insert into index_blocks (chain_id, block_number, hash, timestamp, checkpoint) values ($1, 5, $2, 100, false)', [CHAIN, kept.hash])
      await old.query(`insert into index_prices (chain_id, block_number, prices) values ($1, 5, '{"usd": 7}')`, [CHAIN])
      expect(await migrate(old)).toBe(migrations.length - before)
      expect(await new BlockPriceStore(old).valuesAt(CHAIN, [kept])).toEqual(new Map([[5n, { usd: 7 }]]))
    } finally {
      await drop()
    }
  })
})
