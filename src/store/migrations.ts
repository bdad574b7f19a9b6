import type { SqlClient } from './SqlClient.js'

/**
 * The store's schema, one step per entry, applied in order and recorded in schema_migrations.
 * Never edit a step that has shipped: add the next one. Block numbers and times (ms since the
 * epoch) are bigint; USD values double precision; a snapshot body is its text (chain-snapshot/snapshotText.ts; older rows superjson's).
 */
export const migrations: readonly string[] = [
  `create table chain_snapshots (
     chain_id integer primary key,
     block_number bigint not null,
     taken_at bigint not null,
     body text not null
   );
   create table tvl_history (
     chain_id integer not null,
     block_number bigint not null,
     taken_at bigint not null,
     bridge_tvl double precision not null,
     pool_tvl double precision not null,
     yield_tvl double precision not null,
     primary key (chain_id, block_number)
   );
   create index tvl_history_taken_at on tvl_history (taken_at);
   create table apr_history (
     chain_id integer not null,
     pool text not null,
     pid integer not null,
     block_number bigint not null,
     taken_at bigint not null,
     apr double precision not null,
     primary key (chain_id, pool, pid, block_number)
   );
   create index apr_history_taken_at on apr_history (taken_at);`,
  `create table vault_history (
     chain_id integer not null,
     vault text not null,
     block_number bigint not null,
     taken_at bigint not null,
     price_per_share numeric not null,
     primary key (chain_id, vault, block_number)
   );
   create index vault_history_taken_at on vault_history (taken_at);`,
  // The event index (src/indexer): per contract the block its backfill starts at and the next block
  // to read; the blocks the indexer followed (hash and timestamp: reorg checks, event times); the
  // events, each the action of an account; per chain the head last seen; one indexer per chain;
  // token prices at the blocks of events asked for (read once, dropped with their block on a reorg);
  // and the block's own time (seconds) of each vault point, so APY windows are chain time.
  `create table index_contracts (
     chain_id integer not null,
     address text not null,
     from_block bigint not null,
     next_block bigint not null,
     primary key (chain_id, address)
   );
   create table index_blocks (
     chain_id integer not null,
     block_number bigint not null,
     hash text not null,
     timestamp bigint not null,
     checkpoint boolean not null,
     primary key (chain_id, block_number)
   );
   create table index_events (
     chain_id integer not null,
     block_number bigint not null,
     log_index integer not null,
     tx_hash text not null,
     contract text not null,
     action text not null,
     account text not null,
     counterparty text,
     pid integer,
     token text,
     amount numeric not null,
     detail jsonb,
     primary key (chain_id, block_number, log_index)
   );
   create index index_events_contract on index_events (chain_id, contract, action, block_number);
   create index index_events_account on index_events (chain_id, account, block_number);
   create index index_events_counterparty on index_events (chain_id, counterparty, block_number);
   create table index_chains (
     chain_id integer primary key,
     head_block bigint not null,
     updated_at bigint not null
   );
   create table index_leases (
     chain_id integer primary key,
     owner text not null,
     expires_at bigint not null
   );
   alter table vault_history add column block_time bigint;
   create table index_prices (
     chain_id integer not null,
     block_number bigint not null,
     prices jsonb not null,
     primary key (chain_id, block_number)
   );`,
  // The index keeps addresses lowercase, as logs give them: a checksum is a keccak hash, and a
  // backfill would hash two addresses a log. They are checksummed when read (indexRows.eventOf).
  `update index_events set contract = lower(contract), account = lower(account), counterparty = lower(counterparty), token = lower(token);`,
  // LP pairs' reserves and supply at recorded blocks: a trading APR's window base, kept as vaults'
  // prices per share are, so a node that no longer has that state (pruned, or a devnet loaded from
  // its dump) still gives the windows.
  `create table pair_history (
     chain_id integer not null,
     pair text not null,
     block_number bigint not null,
     taken_at bigint not null,
     block_time bigint not null,
     reserve0 numeric not null,
     reserve1 numeric not null,
     total_supply numeric not null,
     primary key (chain_id, pair, block_number)
   );
   create index pair_history_taken_at on pair_history (taken_at);`,
  // Past blocks' values (token prices, vaults' totals) leave the event index: kept under their
  // block's hash (BlockPriceStore), a reorg's rewind of the index no longer deletes them. Those
  // kept so far move with the hash the index holds for their block (they were read at events'
  // blocks, which it keeps): a pruned node could not read them again.
  `create table block_prices (
     chain_id integer not null,
     block_number bigint not null,
     block_hash text not null,
     prices jsonb not null,
     primary key (chain_id, block_number)
   );
   insert into block_prices (chain_id, block_number, block_hash, prices)
     select p.chain_id, p.block_number, lower(b.hash), p.prices
     from index_prices p join index_blocks b on b.chain_id = p.chain_id and b.block_number = p.block_number;
   drop table index_prices;`,
  // The event index's lookups move to indexes of each chain's own (IndexStore.buildIndexes), built
  // once its event backfill is done: rows go in far faster with no index to keep, and one chain's
  // backfill does not wait on another's. Until then the chain's answers say the index is being built.
  `alter table index_events drop constraint index_events_pkey;
   drop index index_events_contract;
   drop index index_events_account;
   drop index index_events_counterparty;
   alter table index_chains add column indexes_built boolean not null default false;`,
  // An APY window's base is each vault's (pair's) newest point near a time: one index probe per
  // vault. Without these the lookup scanned every point of the chain kept within the retention,
  // 0.6 s a window at 1,000 vaults and three days of minute points, and it runs on a block's path.
  `create index vault_history_time on vault_history (chain_id, vault, (coalesce(block_time, taken_at / 1000)), block_number);
   create index pair_history_time on pair_history (chain_id, pair, block_time, block_number);`,
]

/** Any key shared by every replica: the advisory lock that serialises their migrations. */
const MIGRATION_LOCK = 72_946_001

/** Applies the migrations not applied yet, one replica at a time; returns how many it applied. */
export async function migrate(client: SqlClient): Promise<number> {
  return client.session(async (query) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await query('create table if not exists schema_migrations (version integer primary key, applied_at bigint not null)')
      const done = new Set((await query<{ version: number }>('select version from schema_migrations')).map((row) => Number(row.version)))
      let applied = 0
      for (const [index, sql] of migrations.entries()) {
        const version = index + 1
        if (done.has(version)) continue
        await query('begin')
        try {
          for (const statement of sql
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean))
            await query(statement)
          await query('insert into schema_migrations (version, applied_at) values ($1, $2)', [version, Date.now()])
          await query('commit')
        } catch (error) {
          await query('rollback')
          throw error
        }
        applied++
      }
      return applied
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  })
}
