import {
  decodeFunctionResult,
  encodeFunctionData,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type Hex,
} from 'viem'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import { MULTICALL3_ADDRESS, type ChainClient } from './createChainClients.js'

/** One read inside an `aggregate3` batch: where, what, and how to decode the answer. */
export interface RawCall<T> {
  target: Address
  callData: Hex
  decode: (returnData: Hex) => T
}

/** A read's outcome: a call that reverts or does not decode is a failure, not a zero. */
export type Settled<T> = { ok: true; value: T } | { ok: false; /** What a reverting read returned (empty when it did not revert, but did not decode). */ revertData: Hex }

type ViewName<abi extends Abi> = ContractFunctionName<abi, 'view' | 'pure'>

/** A typed read of `functionName` on `address`, for `aggregate`. */
export function contractCall<const abi extends Abi, name extends ViewName<abi>>(
  address: Address,
  abi: abi,
  functionName: name,
  ...args: ContractFunctionArgs<abi, 'view' | 'pure', name> extends readonly [] ? [] : [ContractFunctionArgs<abi, 'view' | 'pure', name>]
): RawCall<ContractFunctionReturnType<abi, 'view' | 'pure', name>> {
  const callArgs = (args[0] ?? []) as readonly unknown[]
  return {
    target: address,
    callData: encodeFunctionData({ abi, functionName, args: callArgs } as never),
    decode: (returnData) => decodeFunctionResult({ abi, functionName, data: returnData } as never),
  }
}

/** Reads per `aggregate3` call: large enough for a chain's whole state, small enough for a node's eth_call gas cap. */
const CALLS_PER_BATCH = 1_500

/**
 * Runs many reads through Multicall3 `aggregate3` with `allowFailure`, all at one block, and
 * returns each outcome plus that block's number and timestamp (read in the same batch). The
 * first chunk fixes the block; further chunks (only past 1,500 reads) are pinned to it, or, when
 * `blockNumber` is given, all chunks go at once.
 */
export async function aggregate<const calls extends readonly RawCall<unknown>[]>(
  chain: ChainClient,
  calls: calls,
  blockNumber?: bigint,
): Promise<{ results: { [index in keyof calls]: Settled<ReturnType<calls[index]['decode']>> }; blockNumber: bigint; timestamp: bigint }> {
  const clock = [contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getBlockNumber'), contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getCurrentBlockTimestamp')]
  const [firstChunk, ...rest] = chunk([...calls], CALLS_PER_BATCH)
  // With the block given, every chunk goes at once (one JSON-RPC batch inside a request scope);
  // without, the first chunk names the block the others are pinned to.
  const first = aggregateOnce(chain, [...clock, ...(firstChunk ?? [])], blockNumber)
  const early = blockNumber === undefined ? undefined : Promise.all(rest.map((part) => aggregateOnce(chain, part, blockNumber)))
  early?.catch(() => undefined) // awaited below, unless the first chunk fails first
  const head = await first
  const [block, timestamp] = head.slice(0, 2).map((result) => (result.ok ? (result.value as bigint) : undefined))
  if (block === undefined || timestamp === undefined) throw new Error('Multicall3 did not return the block number and timestamp')
  const tail = await (early ?? Promise.all(rest.map((part) => aggregateOnce(chain, part, block))))
  return { results: [...head.slice(2), ...tail.flat()] as never, blockNumber: block, timestamp }
}

async function aggregateOnce(chain: ChainClient, calls: RawCall<unknown>[], blockNumber: bigint | undefined): Promise<Settled<unknown>[]> {
  const data = encodeFunctionData({
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData }))],
  })
  const { data: returned } = await chain.client.call({ to: MULTICALL3_ADDRESS, data, ...(blockNumber !== undefined && { blockNumber }) })
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: returned ?? '0x' })
  return results.map((result, index) => {
    if (!result.success) return { ok: false, revertData: result.returnData }
    try {
      return { ok: true, value: calls[index]!.decode(result.returnData) }
    } catch {
      return { ok: false, revertData: '0x' }
    }
  })
}

function chunk<T>(items: T[], size: number): T[][] {
  const parts: T[][] = []
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size))
  return parts
}
