import { getAddress, type Address, type Hex } from 'viem'
import type { AccountAction } from '../protocols/index.js'
import {
  EVENT_COLUMNS,
  eventOf,
  eventLookups,
  stored,
  TIMED_EVENT_COLUMNS,
  timedEventOf,
  type EventRow,
  type IndexedEvent,
  type TimedEvent,
  unstored,
} from './indexRows.js'
import { IndexLeaseLost, type IndexBatch, type IndexedBlock, type IndexedContract } from './indexShapes.js'
import type { SqlClient } from './SqlClient.js'

/** The database's clock in ms: every process judges leases by the same clock. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint'

/**
 * The event index in SQL (PGlite or PostgreSQL): the contracts followed and how far, the blocks
 * followed, the events, and one lease per chain so one indexer writes a chain at a time. Every
 * write of a pass is one transaction that first checks the writer still holds the lease.
 */
export class IndexStore {
  /** The chains whose lookups are built: they stay built. */
  private readonly built = new Set<number>()

  constructor(private readonly sql: SqlClient) {}

  /** Starts following `contracts` (a contract already followed keeps its progress). */
  async follow(chainId: number, contracts: readonly { address: Address; fromBlock: bigint }[]): Promise<void> {
    if (contracts.length === 0) return
    await this.sql.query(
      `insert into index_contracts (chain_id, address, from_block, next_block)
       select $1, address, from_block, from_block from unnest($2::text[], $3::bigint[]) as t(address, from_block)
       on conflict do nothing`,
      [chainId, contracts.map((contract) => contract.address), contracts.map((contract) => contract.fromBlock.toString())],
    )
  }

  async contracts(chainId: number): Promise<IndexedContract[]> {
    const rows = await this.sql.query<{ address: string; from_block: string; next_block: string }>(
      'select address, from_block::text, next_block::text from index_contracts where chain_id = $1 order by address',
      [chainId],
    )
    return rows.map((row) => ({ address: getAddress(row.address), fromBlock: BigInt(row.from_block), nextBlock: BigInt(row.next_block) }))
  }

  /** The stored blocks below `below`, newest first, at most `limit` (the reorg check's candidates for a common ancestor). */
  async blocksBelow(chainId: number, below: bigint, limit: number): Promise<IndexedBlock[]> {
    const rows = await this.sql.query<{ block_number: string; hash: string; timestamp: string }>(
      `select block_number::text, hash, timestamp::text from index_blocks where chain_id = $1 and block_number < $2
       order by index_blocks.block_number desc limit $3`,
      [chainId, below.toString(), limit],
    )
    return rows.map((row) => ({ number: BigInt(row.block_number), hash: row.hash as Hex, timestamp: Number(row.timestamp) }))
  }

  /** Takes the chain's lease for `ttlMs`, or renews it when `owner` holds it; false while another holder's lease runs. */
  async acquireLease(chainId: number, owner: string, ttlMs: number): Promise<boolean> {
    const rows = await this.sql.query(
      `insert into index_leases (chain_id, owner, expires_at) values ($1, $2, ${NOW_MS} + $3)
       on conflict (chain_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
       where index_leases.owner = excluded.owner or index_leases.expires_at < ${NOW_MS}
       returning owner`,
      [chainId, owner, ttlMs],
    )
    return rows.length === 1
  }

  async releaseLease(chainId: number, owner: string): Promise<void> {
    await this.sql.query('delete from index_leases where chain_id = $1 and owner = $2', [chainId, owner])
  }

  /**
   * Writes a pass's blocks and events and moves its contracts on, once `after` (the commit of the
   * pass before, still under way) has landed: throws when it failed, and IndexLeaseLost when
   * `owner` no longer holds the lease. Three round trips in one
   * transaction: one statement checks the lease and writes the blocks and the progress (returning
   * each contract's next block before it), COPY writes the events not stored yet, then the commit.
   */
  async commit(chainId: number, owner: string, batch: IndexBatch, after?: Promise<void>): Promise<void> {
    const { checkpoint, rows } = batch
    await after
    const blocks = [...batch.blocks.filter((block) => block.number !== checkpoint?.number).map((block) => ({ ...block, checkpoint: false }))]
    // The checkpoint is the range's last block: it holds events when the last row does.
    if (checkpoint) blocks.push({ ...checkpoint, checkpoint: rows.blocks?.last !== checkpoint.number })
    const numbers = blocks.map((block) => block.number.toString())
    await this.sql.transaction(async (query, copy) => {
      // Each part runs only under the lease. Past the finality depth no reorg is expected: its
      // checkpoints go (event blocks stay, with their timestamps), the pass's own blocks aside.
      const [written] = await query<{ held: boolean; before: { address: string; next_block: string }[] | null }>(
        `with lease as (select 1 from index_leases where chain_id = $1 and owner = $2 and expires_at >= ${NOW_MS} for update),
         held as (select exists (select 1 from lease) as held),
         before as (select address, next_block::text from index_contracts where chain_id = $1 and address = any($7::text[])),
         blocks as (
           insert into index_blocks (chain_id, block_number, hash, timestamp, checkpoint)
           select $1, * from unnest($3::bigint[], $4::text[], $5::bigint[], $6::boolean[]) where (select held from held)
           on conflict (chain_id, block_number) do update set hash = excluded.hash, timestamp = excluded.timestamp,
             checkpoint = index_blocks.checkpoint and excluded.checkpoint),
         moved as (
           update index_contracts set next_block = greatest(next_block, $8)
           where chain_id = $1 and address = any($7::text[]) and (select held from held)),
         pruned as (
           delete from index_blocks where chain_id = $1 and checkpoint and block_number < $9 and block_number <> all($3::bigint[])
             and (select held from held)),
         seen as (
           insert into index_chains (chain_id, head_block, updated_at) select $1, $10, ${NOW_MS} where (select held from held)
           on conflict (chain_id) do update set head_block = greatest(index_chains.head_block, excluded.head_block), updated_at = excluded.updated_at)
         select (select held from held) as held, (select json_agg(before) from before) as before`,
        [
          chainId,
          owner,
          numbers,
          blocks.map((block) => block.hash),
          blocks.map((block) => block.timestamp),
          blocks.map((block) => block.checkpoint),
          batch.addresses,
          (batch.through + 1n).toString(),
          (batch.head - batch.finalityDepth).toString(),
          batch.head.toString(),
        ],
      )
      if (!written?.held) throw new IndexLeaseLost(chainId)
      const fresh = unstored(rows, written.before ?? [])
      if (fresh.length > 0) await copy('index_events', EVENT_COLUMNS, fresh)
    })
  }

  /**
   * Forgets everything indexed above `ancestor` (the newest block the node still has as it was
   * indexed): its events and blocks go, and every contract reads again from the block after it.
   * Returns how many events went.
   */
  async rewind(chainId: number, owner: string, ancestor: bigint): Promise<number> {
    return this.sql.transaction(async (query) => {
      await this.holdLease(query, chainId, owner)
      const above = ancestor.toString()
      const gone = await query<{ n: string }>(
        'with gone as (delete from index_events where chain_id = $1 and block_number > $2 returning 1) select count(*)::text as n from gone',
        [chainId, above],
      )
      await query('delete from index_blocks where chain_id = $1 and block_number > $2', [chainId, above])
      await query('update index_contracts set next_block = least(next_block, $2) where chain_id = $1', [chainId, (ancestor + 1n).toString()])
      // The head seen may have been on the orphaned branch: it is read again by the next pass.
      await query('update index_chains set head_block = least(head_block, $2) where chain_id = $1', [chainId, above])
      return Number(gone[0]?.n ?? 0)
    })
  }

  /** The head the indexer of `chainId` last saw, and when (ms since the epoch); undefined before its first pass. */
  async head(chainId: number): Promise<{ head: bigint; updatedAt: number } | undefined> {
    const [row] = await this.sql.query<{ head_block: string; updated_at: string }>(
      'select head_block::text, updated_at::text from index_chains where chain_id = $1',
      [chainId],
    )
    return row && { head: BigInt(row.head_block), updatedAt: Number(row.updated_at) }
  }

  /**
   * The number of distinct accounts whose stake in each staking pool (pid; 0 for single-pool
   * families) of `pool` is above zero after block `atBlock`: the sum of its stakes less its
   * unstakes. Pids without a staker are absent.
   */
  async participants(chainId: number, pool: Address, atBlock: bigint): Promise<Map<number, number>> {
    const rows = await this.sql.query<{ pid: number; n: string }>(
      `select pid, count(*)::text as n from (
         select coalesce(pid, 0) as pid, account, sum(case when action = 'stake' then amount else -amount end) as staked
         from index_events where chain_id = $1 and contract = $2 and action in ('stake', 'unstake') and block_number <= $3
         group by coalesce(pid, 0), account
       ) stakes where staked > 0 group by pid`,
      [chainId, stored(pool), atBlock.toString()],
    )
    return new Map(rows.map((row) => [Number(row.pid), Number(row.n)]))
  }

  /**
   * Each of `strategies`' harvests that added want in the window of chain time from `fromTime` to
   * `toTime` (seconds), in blocks through `atBlock`: one query for them all, through the
   * contract/action index. A strategy without any is absent.
   */
  async harvestCounts(
    chainId: number,
    query: { strategies: readonly Address[]; fromTime: number; toTime: number; atBlock: bigint },
  ): Promise<Map<Address, number>> {
    const rows = await this.sql.query<{ contract: string; n: string }>(
      `select e.contract, count(*)::text as n
       from index_events e join index_blocks b on b.chain_id = e.chain_id and b.block_number = e.block_number
       where e.chain_id = $1 and e.contract = any($2::text[]) and e.action = 'harvest' and e.amount > 0 and e.block_number <= $5
         and b.timestamp >= $3 and b.timestamp <= $4
       group by e.contract`,
      [chainId, query.strategies.map(stored), query.fromTime, query.toTime, query.atBlock.toString()],
    )
    return new Map(rows.map((row) => [getAddress(row.contract), Number(row.n)]))
  }

  /**
   * The timestamp (seconds) of the oldest indexed event of each of `contracts` in blocks through
   * `atBlock`: when a contract's history began. A contract without any is absent.
   */
  async firstEventTimes(chainId: number, contracts: readonly Address[], atBlock: bigint): Promise<Map<Address, number>> {
    const rows = await this.sql.query<{ contract: string; first: string }>(
      `select e.contract, min(b.timestamp)::text as first
       from index_events e join index_blocks b on b.chain_id = e.chain_id and b.block_number = e.block_number
       where e.chain_id = $1 and e.contract = any($2::text[]) and e.block_number <= $3
       group by e.contract`,
      [chainId, contracts.map(stored), atBlock.toString()],
    )
    return new Map(rows.map((row) => [getAddress(row.contract), Number(row.first)]))
  }

  /**
   * The events of `chainId` that match `filter`, each with its block's timestamp (seconds),
   * newest first, at most `limit`: of any of `contracts`, where `involving` is the account or the
   * counterparty when given, of any of `actions`, in blocks whose timestamps lie from `fromTime` to
   * `toTime` (seconds, chain time).
   */
  async eventsAt(
    chainId: number,
    filter: { contracts: readonly Address[]; involving?: Address; actions: readonly AccountAction[]; fromTime: number; toTime: number; limit: number },
  ): Promise<TimedEvent[]> {
    const rows = await this.sql.query<EventRow & { timestamp: string; block_hash: string }>(
      `select ${TIMED_EVENT_COLUMNS}
       from index_events e join index_blocks b on b.chain_id = e.chain_id and b.block_number = e.block_number
       where e.chain_id = $1 and e.contract = any($2::text[]) and ($3::text is null or e.account = $3 or e.counterparty = $3) and e.action = any($4::text[])
         and b.timestamp >= $5 and b.timestamp <= $6
       order by e.block_number desc, e.log_index desc limit $7`,
      [chainId, filter.contracts.map(stored), stored(filter.involving), filter.actions, filter.fromTime, filter.toTime, filter.limit],
    )
    return rows.map(timedEventOf)
  }

  /** Every event of `contracts` in the transactions `txHashes` of `chainId`, with their blocks' timestamps, in chain order. */
  async eventsOfTransactions(chainId: number, txHashes: readonly Hex[], contracts: readonly Address[]): Promise<TimedEvent[]> {
    if (txHashes.length === 0) return []
    const rows = await this.sql.query<EventRow & { timestamp: string; block_hash: string }>(
      `select ${TIMED_EVENT_COLUMNS}
       from index_events e join index_blocks b on b.chain_id = e.chain_id and b.block_number = e.block_number
       where e.chain_id = $1 and e.tx_hash = any($2::text[]) and e.contract = any($3::text[])
       order by e.block_number, e.log_index`,
      [chainId, txHashes, contracts.map(stored)],
    )
    return rows.map(timedEventOf)
  }

  /** The events of `chainId` of `actions` from block `fromBlock` through `toBlock`, oldest first, with their blocks' timestamps: what the stream tells of new blocks. */
  async eventsBetween(chainId: number, filter: { fromBlock: bigint; toBlock: bigint; actions: readonly AccountAction[] }): Promise<TimedEvent[]> {
    const rows = await this.sql.query<EventRow & { timestamp: string; block_hash: string }>(
      `select ${TIMED_EVENT_COLUMNS}
       from index_events e join index_blocks b on b.chain_id = e.chain_id and b.block_number = e.block_number
       where e.chain_id = $1 and e.block_number >= $2 and e.block_number <= $3 and e.action = any($4::text[])
       order by e.block_number, e.log_index`,
      [chainId, filter.fromBlock.toString(), filter.toBlock.toString(), filter.actions],
    )
    return rows.map(timedEventOf)
  }

  /** Every event indexed on `chainId`, oldest first (tests and small reads). */
  async events(chainId: number, filter: { contract?: Address; fromBlock?: bigint } = {}): Promise<IndexedEvent[]> {
    const rows = await this.sql.query<EventRow>(
      `select block_number::text, log_index, tx_hash, contract, action, account, counterparty, pid, token, amount::text, detail
       from index_events where chain_id = $1 and ($2::text is null or contract = $2) and block_number >= $3
       order by index_events.block_number, log_index`,
      [chainId, stored(filter.contract), (filter.fromBlock ?? 0n).toString()],
    )
    return rows.map(eventOf)
  }

  /**
   * Builds the chain's lookups of index_events (indexes of its rows alone), once its event backfill
   * is done: one unique key (block, log index) and the three the answers read through (contract
   * and action, account, counterparty). Until then the chain's rows go in with nothing to keep up.
   */
  async buildIndexes(chainId: number): Promise<void> {
    for (const statement of eventLookups('index_events', chainId)) await this.sql.query(statement)
    await this.sql.query(
      `insert into index_chains (chain_id, head_block, updated_at, indexes_built) values ($1, 0, ${NOW_MS}, true)
       on conflict (chain_id) do update set indexes_built = true`,
      [chainId],
    )
    this.built.add(chainId)
  }

  /** True once the chain's lookups are built (buildIndexes): its answers may read the index. */
  async indexesBuilt(chainId: number): Promise<boolean> {
    if (this.built.has(chainId)) return true
    const [row] = await this.sql.query<{ indexes_built: boolean }>('select indexes_built from index_chains where chain_id = $1', [chainId])
    if (row?.indexes_built) this.built.add(chainId)
    return row?.indexes_built === true
  }

  private async holdLease(query: SqlClient['query'], chainId: number, owner: string): Promise<void> {
    const rows = await query(`select 1 from index_leases where chain_id = $1 and owner = $2 and expires_at >= ${NOW_MS} for update`, [chainId, owner])
    if (rows.length === 0) throw new IndexLeaseLost(chainId)
  }
}
