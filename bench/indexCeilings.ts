import type { Address, Hex } from 'viem'
import type { CallBudget } from '../src/chain/rpc/CallBudget.js'
import { copyText, eventLookups, migrate, openSqlClient } from '../src/store/index.js'

/** The spans in flight a bare reader is tried at: a ceiling is its best of them, as a reader tuned to the node would be. */
export const CONCURRENCIES = [1, 2, 4, 8]

/** The best of runs at each concurrency, and all of them as a list. */
export function best<T extends { concurrency: number; rate: number }>(runs: T[]): T & { all: string } {
  const top = runs.reduce((best, run) => (run.rate > best.rate ? run : best))
  return { ...top, all: runs.map((run) => `${run.concurrency}: ${run.rate.toFixed(0)}`).join(', ') }
}

/** A range of blocks read with one raw eth_getLogs. */
type Span = { from: bigint; to: bigint }

/** Fixed spans of `span` blocks from block 0 to `head`: what both ceilings ask for, one at a time. */
export function spansOf(head: bigint, span: bigint): Span[] {
  const spans: Span[] = []
  for (let from = 0n; from <= head; from += span) spans.push({ from, to: from + span - 1n > head ? head : from + span - 1n })
  return spans
}

type RawLog = { address: string; topics: Hex[]; data: Hex; blockNumber: Hex; logIndex: Hex; transactionHash: Hex }

/** One raw eth_getLogs of `contract` over `from`..`to`, as a bare client sends it; throws on a refusal. */
export async function getLogs(rpcUrl: string, contract: Address, { from, to }: Span): Promise<RawLog[]> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getLogs',
      params: [{ address: contract, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }],
    }),
  })
  const { result, error } = (await response.json()) as { result?: RawLog[]; error?: { message: string } }
  if (!result) throw new Error(`eth_getLogs ${from}-${to} refused: ${error?.message ?? response.status}`)
  return result
}

/** getLogs within `budget` when given: a place taken before the call, its second counted from the answer. */
export async function budgetedGetLogs(rpcUrl: string, contract: Address, span: Span, budget: CallBudget | undefined): Promise<RawLog[]> {
  const answered = await budget?.take(1)
  return getLogs(rpcUrl, contract, span).finally(answered)
}

/**
 * (a) Every log of `contract` from block 0 to `head`, read as a bare client would: raw
 * eth_getLogs over fixed spans of `span` blocks, one at a time, parsed and dropped.
 */
export async function plainGetLogs(rpcUrl: string, contract: Address, head: bigint, span: bigint, expected: number) {
  const started = performance.now()
  let seen = 0
  const spans = spansOf(head, span)
  for (const range of spans) seen += (await getLogs(rpcUrl, contract, range)).length
  if (seen !== expected) throw new Error(`plain eth_getLogs saw ${seen} logs, ${expected} were laid down`)
  const seconds = (performance.now() - started) / 1000
  return { rate: seen / seconds, seconds, requests: spans.length }
}

/**
 * (b) The job's limit: the same spans read (`inFlight` of them under way while the last is stored:
 * one by default; within `budget` when given), each log of
 * the chain's Transfers made a row of index_events' columns by hand (no ABI decoding, no checks),
 * COPYed into a bare copy of the table with no index, and the index's four lookups built at the
 * end. In a schema of its own when `databaseUrl` is given, else PGlite in memory.
 */
export async function bareCopy(
  rpcUrl: string,
  contract: Address,
  head: bigint,
  span: bigint,
  expected: number,
  databaseUrl: string | undefined,
  { inFlight = 1, budget }: { inFlight?: number; budget?: CallBudget } = {},
) {
  const sql = await openSqlClient({ ...(databaseUrl && { databaseUrl }), dataDir: 'memory://', inWorker: true })
  try {
    await migrate(sql)
    await sql.query('create table bare_events (like index_events)')
    const started = performance.now()
    const spans = spansOf(head, span)
    let stored = 0
    const reads: Promise<RawLog[]>[] = []
    let asked = 0
    const readMore = () => {
      while (asked < spans.length && reads.length < inFlight) {
        const read = budgetedGetLogs(rpcUrl, contract, spans[asked++]!, budget)
        // A refusal is met when its turn comes.
        read.catch(() => undefined)
        reads.push(read)
      }
    }
    readMore()
    for (let i = 0; i < spans.length; i++) {
      const logs = await reads.shift()!
      readMore()
      const rows = logs.map((log) => [
        1,
        Number.parseInt(log.blockNumber, 16),
        Number.parseInt(log.logIndex, 16),
        log.transactionHash,
        log.address.toLowerCase(),
        'transfer',
        `0x${log.topics[1]!.slice(26)}`,
        `0x${log.topics[2]!.slice(26)}`,
        null,
        null,
        BigInt(log.data).toString(),
        null,
      ])
      await sql.transaction((_query, copy) =>
        copy(
          'bare_events',
          ['chain_id', 'block_number', 'log_index', 'tx_hash', 'contract', 'action', 'account', 'counterparty', 'pid', 'token', 'amount', 'detail'],
          copyText(rows),
        ),
      )
      stored += rows.length
    }
    const stocked = performance.now()
    for (const statement of eventLookups('bare_events', 1)) await sql.query(statement)
    if (stored !== expected) throw new Error(`the bare copy stored ${stored} logs, ${expected} were laid down`)
    const seconds = (performance.now() - started) / 1000
    return { rate: stored / seconds, seconds, indexSeconds: (performance.now() - stocked) / 1000 }
  } finally {
    // The next bare copy into the same schema starts from an empty table.
    await sql.query('drop table if exists bare_events').catch(() => undefined)
    await sql.close()
  }
}
