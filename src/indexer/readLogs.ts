import { type Address, type Hex, toHex } from 'viem'
import type { ChainClient } from '../chain/index.js'

/** A log as `eth_getLogs` answers it (hex quantities); `blockTimestamp` only from nodes that add it (geth 1.16+, anvil, reth). */
export interface NodeLog {
  address: Address
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  blockHash: Hex
  blockTimestamp?: Hex
  transactionHash: Hex
  logIndex: Hex
  removed?: boolean
}

/** A block header as the index needs it. */
export interface NodeBlock {
  number: bigint
  hash: Hex
  parentHash: Hex
  /** Seconds. */
  timestamp: number
}

/** Addresses one `eth_getLogs` filter names at most: providers cap them (some at 1,000); larger sets go as several requests side by side. */
const MAX_ADDRESSES_PER_REQUEST = 500

/** One `eth_getLogs` filter: logs of any of `address` whose topics match position by position (null: any; a list: any of it). */
export interface LogFilter {
  address: readonly Address[]
  topics: readonly (Hex | readonly Hex[] | null)[]
}

/**
 * The logs that match any of `filters` in blocks `from` to `to` (inclusive), oldest first, each
 * once. A filter of many addresses is cut into requests of at most MAX_ADDRESSES_PER_REQUEST;
 * started in one turn, the requests travel in one JSON-RPC batch with the scope's other calls.
 */
export async function readLogs(chain: ChainClient, filters: readonly LogFilter[], from: bigint, to: bigint): Promise<NodeLog[]> {
  const requests: LogFilter[] = []
  for (const filter of filters)
    for (let at = 0; at < filter.address.length; at += MAX_ADDRESSES_PER_REQUEST)
      requests.push({ address: filter.address.slice(at, at + MAX_ADDRESSES_PER_REQUEST), topics: filter.topics })
  const answers = await Promise.all(
    requests.map(
      (filter) =>
        chain.request({
          method: 'eth_getLogs',
          params: [{ fromBlock: toHex(from), toBlock: toHex(to), address: filter.address, topics: filter.topics }],
        }) as Promise<NodeLog[]>,
    ),
  )
  const logs = answers.flat().filter((log) => !log.removed)
  if (requests.length === 1) return logs
  // Several answers: in chain order, and a log two filters matched once.
  const seen = new Set<string>()
  return logs
    .sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) || Number(BigInt(a.logIndex) - BigInt(b.logIndex)))
    .filter((log) => {
      const key = `${log.blockHash}:${log.logIndex}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

/** The header of block `number`; undefined when the node has no such block (the head moved back). */
export async function readBlock(chain: ChainClient, number: bigint): Promise<NodeBlock | undefined> {
  const block = (await chain.request({ method: 'eth_getBlockByNumber', params: [toHex(number), false] })) as {
    number: Hex
    hash: Hex
    parentHash: Hex
    timestamp: Hex
  } | null
  return block ? { number: BigInt(block.number), hash: block.hash, parentHash: block.parentHash, timestamp: Number(BigInt(block.timestamp)) } : undefined
}

/** The chain's head block number. */
export async function readHead(chain: ChainClient): Promise<bigint> {
  return BigInt((await chain.request({ method: 'eth_blockNumber' })) as Hex)
}
