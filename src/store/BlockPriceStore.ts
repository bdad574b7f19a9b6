import type { Hex } from 'viem'
import type { SqlClient } from './SqlClient.js'

/** A block by number and hash. */
export interface BlockRef {
  number: bigint
  hash: Hex
}

/**
 * What the state of past blocks said of value (token prices, vaults' totals; a JSON value per
 * block), kept once read so that a history answer reads each block's state once. Values are kept
 * under their block's hash and given only for that hash: a block a reorg replaced gets no values
 * of the branch it left, so nothing here is deleted when the event index rewinds, and a GET never
 * writes rows that another writer drops. The values of a replaced block are overwritten by those
 * of its successor when that is read.
 */
export class BlockPriceStore {
  constructor(private readonly sql: SqlClient) {}

  /** The values kept for each of `blocks` with its hash (those not kept, or kept for another hash, are absent). */
  async valuesAt<Values>(chainId: number, blocks: readonly BlockRef[]): Promise<Map<bigint, Values>> {
    if (blocks.length === 0) return new Map()
    const wanted = new Map(blocks.map((block) => [block.number, block.hash.toLowerCase()]))
    const rows = await this.sql.query<{ block_number: string; block_hash: string; prices: Values }>(
      'select block_number::text, block_hash, prices from block_prices where chain_id = $1 and block_number = any($2::bigint[])',
      [chainId, [...wanted.keys()].map(String)],
    )
    return new Map(rows.filter((row) => wanted.get(BigInt(row.block_number)) === row.block_hash).map((row) => [BigInt(row.block_number), row.prices] as const))
  }

  /**
   * The values kept at each of `numbers`, whatever hash they were kept under: for blocks whose hash
   * the asker does not hold (the history's points, kept by the refresher as it recorded them).
   */
  async valuesAtNumbers<Values>(chainId: number, numbers: readonly bigint[]): Promise<Map<bigint, Values>> {
    if (numbers.length === 0) return new Map()
    const rows = await this.sql.query<{ block_number: string; prices: Values }>(
      'select block_number::text, prices from block_prices where chain_id = $1 and block_number = any($2::bigint[])',
      [chainId, numbers.map(String)],
    )
    return new Map(rows.map((row) => [BigInt(row.block_number), row.prices] as const))
  }

  /** Keeps `values` of `block` (replacing those of another block once at its number). */
  async keep(chainId: number, block: BlockRef, values: unknown): Promise<void> {
    await this.sql.query(
      `insert into block_prices (chain_id, block_number, block_hash, prices) values ($1, $2, $3, $4)
       on conflict (chain_id, block_number) do update set block_hash = excluded.block_hash, prices = excluded.prices
       where block_prices.block_hash <> excluded.block_hash`,
      [chainId, block.number.toString(), block.hash.toLowerCase(), JSON.stringify(values)],
    )
  }
}
