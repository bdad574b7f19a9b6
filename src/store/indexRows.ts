import type { Address, Hex } from 'viem'
import { getAddress } from 'viem'
import type { AccountAction, ContractAction } from '../protocols/index.js'
import { copyValue } from './SqlClient.js'

/** One event log of a registered contract, as the action of an account, where it stands on the chain. */
export interface IndexedEvent extends ContractAction {
  blockNumber: bigint
  logIndex: number
  txHash: Hex
  /** The registered contract that emitted it. */
  contract: Address
}

/** An event with its block's timestamp (seconds) and hash. */
export type TimedEvent = IndexedEvent & { timestamp: number; blockHash: Hex }

export const TIMED_EVENT_COLUMNS = `e.block_number::text, e.log_index, e.tx_hash, e.contract, e.action, e.account, e.counterparty, e.pid, e.token,
  e.amount::text, e.detail, b.timestamp::text, b.hash as block_hash`

export function timedEventOf(row: EventRow & { timestamp: string; block_hash: string }): TimedEvent {
  return { ...eventOf(row), timestamp: Number(row.timestamp), blockHash: row.block_hash as Hex }
}

export type EventRow = {
  block_number: string
  log_index: number
  tx_hash: string
  contract: string
  action: string
  account: string
  counterparty: string | null
  pid: number | null
  token: string | null
  amount: string
  detail: Record<string, string> | null
}

export function eventOf(row: EventRow): IndexedEvent {
  return {
    blockNumber: BigInt(row.block_number),
    logIndex: Number(row.log_index),
    txHash: row.tx_hash as Hex,
    contract: getAddress(row.contract),
    action: row.action as AccountAction,
    account: getAddress(row.account),
    ...(row.counterparty !== null && { counterparty: getAddress(row.counterparty) }),
    ...(row.pid !== null && { pid: Number(row.pid) }),
    ...(row.token !== null && { token: getAddress(row.token) }),
    amount: BigInt(row.amount),
    ...(row.detail !== null && { detail: row.detail }),
  }
}

/** An address as the index keeps it: lowercase (see migration 4). */
export function stored(address: string): string
export function stored(address: string | undefined): string | null
export function stored(address: string | undefined): string | null {
  return address === undefined ? null : address.toLowerCase()
}

/** The columns of index_events a row fills, in the order eventsCopyText writes their values. */
export const EVENT_COLUMNS = [
  'chain_id',
  'block_number',
  'log_index',
  'tx_hash',
  'contract',
  'action',
  'account',
  'counterparty',
  'pid',
  'token',
  'amount',
  'detail',
]

/**
 * The rows of `events` in index_events in COPY's text format, written straight from the events (a
 * backfill writes millions): hashes, addresses, actions and numbers hold nothing to escape; a
 * detail's JSON is escaped.
 */
function eventsCopyText(chainId: number, events: readonly IndexedEvent[]): string {
  let text = ''
  // A block's logs come together: its number (and the contract's address) is written once per run.
  let block: bigint | undefined
  let blockPrefix = ''
  let contract = ''
  let contractText = ''
  for (const event of events) {
    if (event.blockNumber !== block) {
      block = event.blockNumber
      blockPrefix = `${chainId}\t${block}\t`
    }
    if (event.contract !== contract) {
      contract = event.contract
      contractText = stored(contract)
    }
    const detail = event.detail === undefined ? NULL : copyValue(JSON.stringify(event.detail))
    text += `${blockPrefix}${event.logIndex}\t${event.txHash}\t${contractText}\t${event.action}\t${stored(event.account)}\t${stored(event.counterparty) ?? NULL}\t${event.pid ?? NULL}\t${stored(event.token) ?? NULL}\t${event.amount}\t${detail}\n`
  }
  return text
}

/**
 * A range's events as index_events rows, made as soon as they are decoded: COPY's text of them,
 * UTF-8, off V8's heap while the range waits for its commit (a backfill keeps ranges read ahead;
 * as events they were thousands of objects a range for the collector to carry along).
 */
export interface EventRows {
  text: Buffer
  /** The lowest and the highest block of the rows; absent without rows. */
  blocks?: { first: bigint; last: bigint }
}

/** The rows of `events` of chain `chainId`. */
export function eventRows(chainId: number, events: readonly IndexedEvent[]): EventRows {
  if (events.length === 0) return { text: Buffer.alloc(0) }
  let [first, last] = [events[0]!.blockNumber, events[0]!.blockNumber]
  for (const { blockNumber } of events) {
    if (blockNumber < first) first = blockNumber
    if (blockNumber > last) last = blockNumber
  }
  return { text: Buffer.from(eventsCopyText(chainId, events)), blocks: { first, last } }
}

/**
 * The rows of `rows` that `keep` keeps, given each row's block and contract (lowercase) as
 * eventsCopyText wrote them: the rare pass that read some of its contracts' events again.
 */
export function rowsWhere(rows: EventRows, keep: (block: bigint, contract: string) => boolean): Buffer {
  const kept = rows.text
    .toString('utf8')
    .split('\n')
    .filter((line) => {
      if (line === '') return false
      const [, block, , , contract] = line.split('\t', 5)
      return keep(BigInt(block!), contract!)
    })
  return Buffer.from(kept.map((line) => `${line}\n`).join(''))
}

/** COPY's null. */
const NULL = '\\N'

/** The lookups of a chain's event rows, by name: a unique key, then what the answers read through. */
const EVENT_LOOKUPS = {
  key: 'block_number, log_index',
  contract: 'contract, action, block_number',
  account: 'account, block_number',
  counterparty: 'counterparty, block_number',
}

/**
 * The statements that build the lookups of `chainId`'s rows of `table` (index_events, or a bare
 * copy of it): partial indexes, `where chain_id = <id>`, each named for the table, lookup and chain.
 */
export function eventLookups(table: string, chainId: number): string[] {
  if (!Number.isSafeInteger(chainId)) throw new Error(`chain id ${chainId} is not an integer`)
  return Object.entries(EVENT_LOOKUPS).map(
    ([name, columns]) =>
      `create ${name === 'key' ? 'unique ' : ''}index if not exists ${table}_${name}_${chainId} on ${table} (${columns}) where chain_id = ${chainId}`,
  )
}

/**
 * The events not stored yet, given each contract's next block before the pass: a contract's events
 * below it are (a pass reads from the lowest next block of the contracts it asks for, and a restart
 * from what a commit stored). Nothing else keeps rows single while a backfill runs without the
 * unique key (buildIndexes); readLogs keeps a log that two filters matched once.
 */
export function unstored(rows: EventRows, before: readonly { address: string; next_block: string }[]): Buffer {
  const next = new Map(before.map((row) => [row.address.toLowerCase(), BigInt(row.next_block)]))
  const highest = [...next.values()].reduce((high, block) => (block > high ? block : high), 0n)
  // Most passes read on from where every one of their contracts stands: nothing to drop.
  if (!rows.blocks || rows.blocks.first >= highest) return rows.text
  return rowsWhere(rows, (block, contract) => block >= (next.get(contract) ?? 0n))
}
