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

/**
 * The logs of `addresses` with one of `topics` (event selectors) in blocks `from` to `to`
 * (inclusive), oldest first. Many addresses go in one filter; started in one turn, the requests
 * travel in one JSON-RPC batch with the scope's other calls.
 */
export async function readLogs(
  chain: ChainClient,
  query: { addresses: readonly Address[]; topics: readonly Hex[]; from: bigint; to: bigint },
): Promise<NodeLog[]> {
  const groups: Address[][] = []
  for (let at = 0; at < query.addresses.length; at += MAX_ADDRESSES_PER_REQUEST) groups.push(query.addresses.slice(at, at + MAX_ADDRESSES_PER_REQUEST))
  const answers = await Promise.all(
    groups.map(
      (address) =>
        chain.request({
          method: 'eth_getLogs',
          params: [{ fromBlock: toHex(query.from), toBlock: toHex(query.to), address, topics: [query.topics] }],
        }) as Promise<NodeLog[]>,
    ),
  )
  const logs = answers.flat().filter((log) => !log.removed)
  if (groups.length > 1) logs.sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) || Number(BigInt(a.logIndex) - BigInt(b.logIndex)))
  return logs
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
