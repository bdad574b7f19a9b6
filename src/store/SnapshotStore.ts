import { getAddress, type Address } from 'viem'
import { decodeSnapshot, encodeSnapshot, type ChainSnapshot } from '../chain-state/index.js'
import type { SqlClient } from './SqlClient.js'

/** One point of history: a chain's TVL parts and every staking pool's APR at a block. */
export interface HistoryEntry {
  chainId: number
  blockNumber: bigint
  /** ms since the epoch */
  takenAt: number
  tvl: { bridgeTvl: number; poolTvl: number; yieldTvl: number }
  aprs: { pool: Address; pid: number; apr: number }[]
  /** Each vault's price per share (want per share, scaled by 1e18). */
  vaults?: { vault: Address; pricePerShare: bigint }[]
}

/** A vault's price per share at a recorded block. */
export interface PricePerSharePoint {
  blockNumber: bigint
  takenAt: number
  pricePerShare: bigint
}

export interface TvlPoint {
  chainId: number
  blockNumber: bigint
  takenAt: number
  bridgeTvl: number
  poolTvl: number
  yieldTvl: number
}

export interface AprPoint {
  pid: number
  blockNumber: bigint
  takenAt: number
  apr: number
}

/**
 * Snapshots and their history in SQL (PGlite or PostgreSQL, the same statements): the latest
 * snapshot of each chain, so a restart serves at once; TVL and APR over time; the APRs pools had
 * before their end (completedAPR).
 */
export class SnapshotStore {
  constructor(private readonly sql: SqlClient) {}

  /** Keeps `snapshot` as its chain's latest unless a later block is stored already. */
  async saveSnapshot(snapshot: ChainSnapshot): Promise<void> {
    await this.sql.query(
      `insert into chain_snapshots (chain_id, block_number, taken_at, body) values ($1, $2, $3, $4)
       on conflict (chain_id) do update set block_number = excluded.block_number, taken_at = excluded.taken_at, body = excluded.body
       where excluded.block_number >= chain_snapshots.block_number`,
      [snapshot.chainId, snapshot.state.blockNumber.toString(), snapshot.takenAt, encodeSnapshot(snapshot)],
    )
  }

  async latestSnapshots(): Promise<ChainSnapshot[]> {
    const rows = await this.sql.query<{ body: string }>('select body from chain_snapshots order by chain_id')
    return rows.map((row) => decodeSnapshot(row.body))
  }

  /** The stored snapshots whose chain is not in `known` at that block or later: only those bodies are read and decoded. */
  async snapshotsNewerThan(known: (chainId: number) => { blockNumber: bigint; takenAt: number } | undefined): Promise<ChainSnapshot[]> {
    const heads = await this.sql.query<{ chain_id: number; block_number: string; taken_at: string }>(
      'select chain_id, block_number::text, taken_at::text from chain_snapshots',
    )
    const newer = heads
      .filter((head) => {
        const mine = known(Number(head.chain_id))
        const block = BigInt(head.block_number)
        return !mine || block > mine.blockNumber || (block === mine.blockNumber && Number(head.taken_at) > mine.takenAt)
      })
      .map((head) => Number(head.chain_id))
    if (newer.length === 0) return []
    const rows = await this.sql.query<{ body: string }>('select body from chain_snapshots where chain_id = any($1::int[]) order by chain_id', [newer])
    return rows.map((row) => decodeSnapshot(row.body))
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    await this.sql.query(
      `insert into tvl_history (chain_id, block_number, taken_at, bridge_tvl, pool_tvl, yield_tvl) values ($1, $2, $3, $4, $5, $6)
       on conflict do nothing`,
      [entry.chainId, entry.blockNumber.toString(), entry.takenAt, entry.tvl.bridgeTvl, entry.tvl.poolTvl, entry.tvl.yieldTvl],
    )
    await this.saveAprs(entry.chainId, entry.blockNumber, entry.takenAt, entry.aprs)
    for (const { vault, pricePerShare } of entry.vaults ?? []) {
      await this.sql.query(
        `insert into vault_history (chain_id, vault, block_number, taken_at, price_per_share) values ($1, $2, $3, $4, $5) on conflict do nothing`,
        [entry.chainId, vault, entry.blockNumber.toString(), entry.takenAt, pricePerShare.toString()],
      )
    }
  }

  /** Each vault's latest recorded price per share at or before `at` (ms since the epoch), on one chain: one query for all. */
  async pricesPerShareAt(chainId: number, at: number): Promise<Map<Address, PricePerSharePoint>> {
    const rows = await this.sql.query<{ vault: string; block_number: string; taken_at: string; price_per_share: string }>(
      `select distinct on (vault) vault, block_number::text, taken_at::text, price_per_share::text from vault_history
       where chain_id = $1 and taken_at <= $2 order by vault, vault_history.taken_at desc`,
      [chainId, at],
    )
    return new Map(
      rows.map((row) => [
        getAddress(row.vault),
        { blockNumber: BigInt(row.block_number), takenAt: Number(row.taken_at), pricePerShare: BigInt(row.price_per_share) },
      ]),
    )
  }

  /** A vault's recorded prices per share from `from` to `to` (ms since the epoch), oldest first. */
  async vaultHistory(query: { chainId: number; vault: Address; from: number; to: number }): Promise<PricePerSharePoint[]> {
    const rows = await this.sql.query<{ block_number: string; taken_at: string; price_per_share: string }>(
      `select block_number::text, taken_at::text, price_per_share::text from vault_history
       where chain_id = $1 and vault = $2 and taken_at >= $3 and taken_at <= $4 order by vault_history.taken_at`,
      [query.chainId, getAddress(query.vault), query.from, query.to],
    )
    return rows.map((row) => ({ blockNumber: BigInt(row.block_number), takenAt: Number(row.taken_at), pricePerShare: BigInt(row.price_per_share) }))
  }

  /** Records APRs at a block (also used for an ended pool's APR before its end). */
  async saveAprs(chainId: number, blockNumber: bigint, takenAt: number, aprs: readonly { pool: Address; pid: number; apr: number }[]): Promise<void> {
    for (const apr of aprs) {
      await this.sql.query(
        `insert into apr_history (chain_id, pool, pid, block_number, taken_at, apr) values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [chainId, apr.pool, apr.pid, blockNumber.toString(), takenAt, apr.apr],
      )
    }
  }

  /** Each staking pool's last recorded APR before `endBlock`, as completedAPR (`{ "<pid>": "<apr>" }`); undefined when none is stored. */
  async lastAprsBefore(chainId: number, pool: Address, endBlock: bigint): Promise<Record<string, string> | undefined> {
    const rows = await this.sql.query<{ pid: number; apr: number }>(
      `select distinct on (pid) pid, apr from apr_history
       where chain_id = $1 and pool = $2 and block_number < $3
       order by pid, block_number desc`,
      [chainId, getAddress(pool), endBlock.toString()],
    )
    return rows.length === 0 ? undefined : Object.fromEntries(rows.map((row) => [String(row.pid), String(Number(row.apr))]))
  }

  async tvlHistory(range: { from: number; to: number }): Promise<TvlPoint[]> {
    const rows = await this.sql.query<{ chain_id: number; block_number: string; taken_at: string; bridge_tvl: number; pool_tvl: number; yield_tvl: number }>(
      `select chain_id, block_number::text, taken_at::text, bridge_tvl, pool_tvl, yield_tvl from tvl_history
       where taken_at >= $1 and taken_at <= $2 order by tvl_history.taken_at, chain_id`,
      [range.from, range.to],
    )
    return rows.map((row) => ({
      chainId: Number(row.chain_id),
      blockNumber: BigInt(row.block_number),
      takenAt: Number(row.taken_at),
      bridgeTvl: Number(row.bridge_tvl),
      poolTvl: Number(row.pool_tvl),
      yieldTvl: Number(row.yield_tvl),
    }))
  }

  async aprHistory(query: { chainId: number; pool: Address; from: number; to: number }): Promise<AprPoint[]> {
    const rows = await this.sql.query<{ pid: number; block_number: string; taken_at: string; apr: number }>(
      `select pid, block_number::text, taken_at::text, apr from apr_history
       where chain_id = $1 and pool = $2 and taken_at >= $3 and taken_at <= $4 order by apr_history.block_number, pid`,
      [query.chainId, getAddress(query.pool), query.from, query.to],
    )
    return rows.map((row) => ({ pid: Number(row.pid), blockNumber: BigInt(row.block_number), takenAt: Number(row.taken_at), apr: Number(row.apr) }))
  }

  /** Deletes history older than `before` (ms since the epoch); returns how many rows went. */
  async prune(before: number): Promise<number> {
    const tvl = await this.sql.query<{ n: string }>(
      'with gone as (delete from tvl_history where taken_at < $1 returning 1) select count(*)::text as n from gone',
      [before],
    )
    const apr = await this.sql.query<{ n: string }>(
      'with gone as (delete from apr_history where taken_at < $1 returning 1) select count(*)::text as n from gone',
      [before],
    )
    const vaults = await this.sql.query<{ n: string }>(
      'with gone as (delete from vault_history where taken_at < $1 returning 1) select count(*)::text as n from gone',
      [before],
    )
    return Number(tvl[0]?.n ?? 0) + Number(apr[0]?.n ?? 0) + Number(vaults[0]?.n ?? 0)
  }

  close(): Promise<void> {
    return this.sql.close()
  }
}
