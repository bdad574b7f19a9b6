import { getAddress, type Address } from 'viem'
import { decodeSnapshot, encodeSnapshot, type ChainSnapshot, type PairPoint } from '../chain-snapshot/index.js'
import type { AprPoint, HistoryEntry, PricePerSharePoint, TvlPoint } from './historyShapes.js'
import type { SqlClient } from './SqlClient.js'

/** A day, ms: the history keeps one point a day once past its retention. */
const DAY_MS = 86_400_000

/** A point's block time, seconds: its own, else (points recorded before it was kept) the time it was recorded. */
const BLOCK_TIME = 'coalesce(block_time, taken_at / 1000)'
const POINT_COLUMNS = `block_number::text, taken_at::text, price_per_share::text, ${BLOCK_TIME}::text as block_time`

type PointRow = { block_number: string; taken_at: string; price_per_share: string; block_time: string }

function pointOf(row: PointRow): PricePerSharePoint {
  return { blockNumber: BigInt(row.block_number), takenAt: Number(row.taken_at), pricePerShare: BigInt(row.price_per_share), blockTime: Number(row.block_time) }
}

/**
 * Snapshots and their history in SQL (PGlite or PostgreSQL, the same statements): the latest
 * snapshot of each chain, so a restart serves at once; TVL and APR over time; the APRs pools had
 * before their end (completedAPR).
 */
export class SnapshotStore {
  /** How many writes to the vaults' and pairs' history this store has made (inserts, prunes): a read of it older than the last is old (StoredWindowPoints). */
  writes = 0

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
    await this.saveVaultPoints(entry.chainId, entry.blockNumber, entry.takenAt, entry.blockTime, entry.vaults ?? [])
    if (entry.blockTime !== undefined) await this.savePairPoints(entry.chainId, entry.blockNumber, entry.takenAt, entry.blockTime, entry.pairs ?? [])
  }

  /** Records vaults' prices per share at a block (`blockTime`: its timestamp, seconds), in one statement. */
  async saveVaultPoints(
    chainId: number,
    blockNumber: bigint,
    takenAt: number,
    blockTime: number | undefined,
    vaults: readonly { vault: Address; pricePerShare: bigint }[],
  ): Promise<void> {
    if (vaults.length === 0) return
    await this.sql.query(
      `insert into vault_history (chain_id, vault, block_number, taken_at, price_per_share, block_time)
       select $1, vault, $2, $3, price_per_share, $4 from unnest($5::text[], $6::numeric[]) as t(vault, price_per_share) on conflict do nothing`,
      [chainId, blockNumber.toString(), takenAt, blockTime ?? null, vaults.map((point) => point.vault), vaults.map((point) => point.pricePerShare.toString())],
    )
    this.writes++
  }

  /**
   * Of `vaults` on one chain, each one's newest recorded price per share whose block time (seconds,
   * chain time; takenAt's for points recorded before it was kept) lies from `from` to `to`: one
   * query, an index probe per vault (vault_history_time), however long the history kept.
   */
  async vaultPointsBetween(chainId: number, vaults: readonly Address[], from: number, to: number): Promise<Map<Address, PricePerSharePoint>> {
    if (vaults.length === 0) return new Map()
    const rows = await this.sql.query<PointRow & { vault: string }>(
      `select asked.vault, ${POINT_COLUMNS} from unnest($2::text[]) as asked(vault) cross join lateral (
         select block_number, taken_at, price_per_share, block_time from vault_history h
         where h.chain_id = $1 and h.vault = asked.vault and ${BLOCK_TIME} between $3 and $4
         order by ${BLOCK_TIME} desc, h.block_number desc limit 1) as vault_history`,
      [chainId, vaults, from, to],
    )
    return new Map(rows.map((row) => [getAddress(row.vault), pointOf(row)]))
  }

  /** Records LP pairs' reserves and supply at a block (`blockTime`: its timestamp, seconds), in one statement. */
  async savePairPoints(
    chainId: number,
    blockNumber: bigint,
    takenAt: number,
    blockTime: number,
    pairs: readonly { pair: Address; reserve0: bigint; reserve1: bigint; totalSupply: bigint }[],
  ): Promise<void> {
    if (pairs.length === 0) return
    const column = (of: (point: (typeof pairs)[number]) => bigint) => pairs.map((point) => of(point).toString())
    await this.sql.query(
      `insert into pair_history (chain_id, pair, block_number, taken_at, block_time, reserve0, reserve1, total_supply)
       select $1, pair, $2, $3, $4, reserve0, reserve1, total_supply from unnest($5::text[], $6::numeric[], $7::numeric[], $8::numeric[]) as t(pair, reserve0, reserve1, total_supply)
       on conflict do nothing`,
      [
        chainId,
        blockNumber.toString(),
        takenAt,
        blockTime,
        pairs.map((point) => point.pair),
        column((point) => point.reserve0),
        column((point) => point.reserve1),
        column((point) => point.totalSupply),
      ],
    )
    this.writes++
  }

  /** Of `pairs` on one chain, each one's newest recorded point whose block time (seconds, chain time) lies from `from` to `to`: an index probe each (pair_history_time). */
  async pairPointsBetween(chainId: number, pairs: readonly Address[], from: number, to: number): Promise<Map<Address, PairPoint>> {
    if (pairs.length === 0) return new Map()
    const rows = await this.sql.query<{ pair: string; block_number: string; block_time: string; reserve0: string; reserve1: string; total_supply: string }>(
      `select asked.pair, block_number::text, block_time::text, reserve0::text, reserve1::text, total_supply::text from unnest($2::text[]) as asked(pair) cross join lateral (
         select block_number, block_time, reserve0, reserve1, total_supply from pair_history h
         where h.chain_id = $1 and h.pair = asked.pair and h.block_time between $3 and $4
         order by h.block_time desc, h.block_number desc limit 1) as pair_history`,
      [chainId, pairs, from, to],
    )
    return new Map(
      rows.map((row) => [
        getAddress(row.pair),
        {
          blockNumber: BigInt(row.block_number),
          timestamp: Number(row.block_time),
          reserve0: BigInt(row.reserve0),
          reserve1: BigInt(row.reserve1),
          totalSupply: BigInt(row.total_supply),
        },
      ]),
    )
  }

  /** A vault's recorded prices per share whose block times lie from `from` to `to` (ms since the epoch, chain time), oldest first. */
  async vaultHistory(query: { chainId: number; vault: Address; from: number; to: number }): Promise<PricePerSharePoint[]> {
    const rows = await this.sql.query<PointRow>(
      `select ${POINT_COLUMNS} from vault_history
       where chain_id = $1 and vault = $2 and ${BLOCK_TIME} * 1000 >= $3 and ${BLOCK_TIME} * 1000 <= $4 order by vault_history.block_number`,
      [query.chainId, getAddress(query.vault), query.from, query.to],
    )
    return rows.map(pointOf)
  }

  /** Records APRs at a block (also used for an ended pool's APR before its end), in one statement. */
  async saveAprs(chainId: number, blockNumber: bigint, takenAt: number, aprs: readonly { pool: Address; pid: number; apr: number }[]): Promise<void> {
    if (aprs.length === 0) return
    await this.sql.query(
      `insert into apr_history (chain_id, pool, pid, block_number, taken_at, apr)
       select $1, pool, pid, $2, $3, apr from unnest($4::text[], $5::integer[], $6::double precision[]) as t(pool, pid, apr) on conflict do nothing`,
      [chainId, blockNumber.toString(), takenAt, aprs.map((row) => row.pool), aprs.map((row) => row.pid), aprs.map((row) => row.apr)],
    )
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

  /** The hours (ms since the epoch / 3,600,000, chain time) from `from` (ms) in which `chainId` has a recorded TVL point: where history is missing. */
  async historyHours(chainId: number, from: number): Promise<Set<number>> {
    const rows = await this.sql.query<{ hour: string }>(
      'select distinct (taken_at / 3600000)::text as hour from tvl_history where chain_id = $1 and taken_at >= $2',
      [chainId, from],
    )
    return new Set(rows.map((row) => Number(row.hour)))
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

  /** APR points of `pool` (every pool of the chain when none is given) from `from` to `to` (ms), by block, pool and pid. */
  async aprHistory(query: { chainId: number; pool?: Address; from: number; to: number }): Promise<AprPoint[]> {
    const rows = await this.sql.query<{ pool: string; pid: number; block_number: string; taken_at: string; apr: number }>(
      `select pool, pid, block_number::text, taken_at::text, apr from apr_history
       where chain_id = $1 and ($2::text is null or pool = $2) and taken_at >= $3 and taken_at <= $4 order by apr_history.block_number, pool, pid`,
      [query.chainId, query.pool ? getAddress(query.pool) : null, query.from, query.to],
    )
    return rows.map((row) => ({
      pool: getAddress(row.pool),
      pid: Number(row.pid),
      blockNumber: BigInt(row.block_number),
      takenAt: Number(row.taken_at),
      apr: Number(row.apr),
    }))
  }

  /**
   * Thins history older than `before` (ms since the epoch) to one point a day: of each chain's (and
   * each pool's, vault's, pair's) points of a UTC day before it, only the day's last stays. Recent
   * points keep their minute-by-minute detail for the short windows; the daily ones keep every
   * series going back to its first block at a few hundred rows a year. Returns how many rows went.
   */
  async prune(before: number): Promise<number> {
    let gone = 0
    for (const [table, keys] of [
      ['tvl_history', ['chain_id']],
      ['apr_history', ['chain_id', 'pool', 'pid']],
      ['vault_history', ['chain_id', 'vault']],
      ['pair_history', ['chain_id', 'pair']],
    ] as const) {
      const match = [...keys, 'block_number'].map((key) => `h.${key} = old.${key}`).join(' and ')
      const rows = await this.sql.query<{ n: string }>(
        `with old as (
           select ${keys.join(', ')}, block_number,
             row_number() over (partition by ${keys.join(', ')}, taken_at / ${DAY_MS} order by block_number desc) as newest
           from ${table} where taken_at < $1
         ), gone as (delete from ${table} h using old where ${match} and old.newest > 1 returning 1)
         select count(*)::text as n from gone`,
        [before],
      )
      gone += Number(rows[0]?.n ?? 0)
    }
    this.writes++
    return gone
  }

  close(): Promise<void> {
    return this.sql.close()
  }
}
