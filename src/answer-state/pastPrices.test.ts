import { type Hex, pad } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain } from '../../test/devnet.js'
import { createChainClients, FactCache, type ChainClient } from '../chain/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry, type ChainRegistry } from '../registry/index.js'
import { BlockPriceStore, migrate, openSqlClient, type SqlClient } from '../store/index.js'
import { DEFAULT_FIGURE_POLICY } from '../pricing/index.js'
import { pricesAtBlocks, type BlockReader } from './pastPrices.js'

const CHAIN = 56

/** A past block's prices, read at the block an indexed event names by number and hash, on the shared devnet. */
describe('pricesAtBlocks', () => {
  let sql: SqlClient
  let store: BlockPriceStore
  let reader: BlockReader
  beforeAll(async () => {
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    store = new BlockPriceStore(sql)
    const chain: ChainClient = createChainClients(
      devnetChains(devnet()).filter((config) => config.chainId === CHAIN),
      { timeoutMs: 5_000, retryCount: 0 },
    ).get(CHAIN)!
    const registry: ChainRegistry = buildRegistry(devnetRegistry(devnet()), 'devnet').chains.get(CHAIN)!
    reader = { chain, registry, facts: new FactCache(), figurePolicy: DEFAULT_FIGURE_POLICY }
  })
  afterAll(() => sql.close())

  it('values a block with the hash the index holds for it, and keeps them; a block a reorg replaced gets a note and nothing kept', async () => {
    const head = await reader.chain.client.getBlock()
    const block = await reader.chain.client.getBlock({ blockNumber: head.number - 2n })
    const replaced = { number: block.number - 1n, hash: pad('0xdead', { size: 32 }) as Hex }
    const prices = await pricesAtBlocks(reader, store, [{ number: block.number, hash: block.hash }, replaced])
    const valued = prices.get(block.number)!
    expect(valued.ok).toBe(true)
    const feed = devnetChain(CHAIN).feeds[0]!
    expect(valued.ok && valued.prices[feed.token]).toMatchObject({ usd: expect.any(Number) })
    expect(prices.get(replaced.number)).toEqual({
      ok: false,
      note: expect.stringMatching(/^no price at block [0-9]+: a reorg replaced it after its events were indexed/),
    })
    // Kept under its hash only: the replaced block left nothing, and the valued one is given again without the node.
    expect([...(await store.valuesAt(CHAIN, [{ number: block.number, hash: block.hash }])).keys()]).toEqual([block.number])
    expect(await store.valuesAt(CHAIN, [replaced])).toEqual(new Map())
    const again = await pricesAtBlocks({ ...reader, chain: { chainId: CHAIN } as never }, store, [{ number: block.number, hash: block.hash }])
    expect(again.get(block.number)).toEqual(valued)
  })
})
