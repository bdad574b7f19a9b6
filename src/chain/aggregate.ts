import {
  BaseError,
  numberToHex,
  RpcRequestError,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type Hex,
} from 'viem'
import { multicall3Abi } from '../../contracts/artifacts/index.js'
import { MULTICALL3_ADDRESS, type ChainClient } from './createChainClients.js'
import { functionCodec } from './functionCodec.js'
import { decodeAggregate3, encodeAggregate3 } from './multicall3Codec.js'
import { classifyRpcError } from './rpc/rpcFaults.js'

/** One read inside an `aggregate3` batch: where, what, and how to decode the answer. */
export interface RawCall<T> {
  target: Address
  callData: Hex
  decode: (returnData: Hex) => T
  /**
   * For a read that may burn all the gas it is given, the gas it may use instead; it then goes as
   * an eth_call of its own beside the Multicall3 calls. A public array read past its end in a
   * contract compiled with solc < 0.8 (Curve's MultiRewards, SushiSwap's MasterChef) ends in
   * `invalid`, which inside Multicall3 takes 63/64 of the gas left: the reads after it starve,
   * and three such reads make the whole aggregate fail.
   */
  gas?: bigint
  /**
   * Whether the function returns values: an empty answer (no contract there at that block, as for
   * a vault younger than an APY window read at the window's start) is then a failed read at once,
   * without decoding it into viem's error, which costs some 20 µs to build, thousands of times in
   * one read of a large registry.
   */
  returnsData?: boolean
}

/** A read's outcome: a call that reverts or does not decode is a failure, not a zero. */
export type Settled<T> =
  | { ok: true; value: T }
  | { ok: false /** What a reverting read returned (empty when it did not revert, but did not decode). */; revertData: Hex }

type ViewName<abi extends Abi> = ContractFunctionName<abi, 'view' | 'pure'>

/** A typed read of `functionName` on `address`, for `aggregate`. */
export function contractCall<const abi extends Abi, name extends ViewName<abi>>(
  address: Address,
  abi: abi,
  functionName: name,
  ...args: ContractFunctionArgs<abi, 'view' | 'pure', name> extends readonly [] ? [] : [ContractFunctionArgs<abi, 'view' | 'pure', name>]
): RawCall<ContractFunctionReturnType<abi, 'view' | 'pure', name>> {
  const codec = functionCodec(abi, functionName)
  return {
    target: address,
    callData: codec.encode((args[0] ?? []) as readonly unknown[]),
    decode: (returnData) => codec.decode(returnData) as never,
    returnsData: codec.returnsData,
  }
}

/** Reads per `aggregate3` call: large enough for a chain's whole state, small enough for a node's eth_call gas cap. */
const CALLS_PER_BATCH = 1_500

/**
 * Runs many reads through Multicall3 `aggregate3` with `allowFailure`, all at one block, and
 * returns each outcome plus that block's number and timestamp. Every chunk (1,500 reads) goes at
 * once, pinned to `blockNumber` when given, else at the latest block: each chunk then also reads
 * the block number, and a chunk that saw another block than the first (one was mined between
 * them) is read again at the first's. So a read costs one round trip of latency however many
 * chunks it takes (two, rarely, at latest). Reads with a gas cap (RawCall.gas) go beside the
 * chunks, each as its own eth_call.
 */
export async function aggregate<const calls extends readonly RawCall<unknown>[]>(
  chain: ChainClient,
  calls: calls,
  blockNumber?: bigint,
): Promise<{ results: { [index in keyof calls]: Settled<ReturnType<calls[index]['decode']>> }; blockNumber: bigint; timestamp: bigint }> {
  const capped = calls.flatMap((call, index) => (call.gas === undefined ? [] : [{ call, index }]))
  // Capped reads go beside the chunks: at the given block, or at the latest (these are list probes, see RawCall.gas).
  const alone = Promise.all(capped.map(({ call }) => readAlone(chain, call, blockNumber)))
  alone.catch(() => undefined) // awaited below, unless a chunk fails first
  const parts = chunk(
    calls.filter((call) => call.gas === undefined),
    CALLS_PER_BATCH,
  )
  const read = (part: RawCall<unknown>[], at: bigint | undefined) => aggregateOnce(chain, [...CLOCK, ...part], at).then(clocked)
  const first = await Promise.all((parts.length > 0 ? parts : [[]]).map((part) => read(part, blockNumber)))
  const { block, timestamp } = first[0]!
  const settled = await Promise.all(first.map((part, index) => (part.block === block ? part : read(parts[index]!, block))))
  const results = settled.flatMap((part) => part.results)
  for (const [position, result] of (await alone).entries()) results.splice(capped[position]!.index, 0, result)
  return { results: results as never, blockNumber: block, timestamp }
}

/** A capped read (RawCall.gas) as an eth_call of its own: a call that fails in the EVM is a failed read, a node that fails throws. */
async function readAlone(chain: ChainClient, call: RawCall<unknown>, blockNumber: bigint | undefined): Promise<Settled<unknown>> {
  let returned: Hex
  try {
    returned = await ethCall(chain, { to: call.target, data: call.callData, ...(call.gas !== undefined && { gas: numberToHex(call.gas) }) }, blockNumber)
  } catch (error) {
    const failed = error instanceof BaseError ? (error.walk((cause) => cause instanceof RpcRequestError) as RpcRequestError | null) : null
    if (!failed || classifyRpcError({ code: failed.code, message: failed.details }) !== 'final') throw error
    return { ok: false, revertData: '0x' }
  }
  return decoded(call, returned)
}

/** Read first in every chunk: the block it ran at and that block's timestamp (seconds). */
const CLOCK = [contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getBlockNumber'), contractCall(MULTICALL3_ADDRESS, multicall3Abi, 'getCurrentBlockTimestamp')]

function clocked(results: Settled<unknown>[]): { block: bigint; timestamp: bigint; results: Settled<unknown>[] } {
  const [block, timestamp] = results.slice(0, 2).map((result) => (result.ok ? (result.value as bigint) : undefined))
  if (block === undefined || timestamp === undefined) throw new Error('Multicall3 did not return the block number and timestamp')
  return { block, timestamp, results: results.slice(2) }
}

async function aggregateOnce(chain: ChainClient, calls: RawCall<unknown>[], blockNumber: bigint | undefined): Promise<Settled<unknown>[]> {
  const data = encodeAggregate3(calls.map((call) => ({ target: call.target, allowFailure: true, callData: call.callData })))
  const results = decodeAggregate3(await ethCall(chain, { to: MULTICALL3_ADDRESS, data }, blockNumber), calls.length)
  return results.map((result, index) => (result.success ? decoded(calls[index]!, result.returnData) : { ok: false, revertData: result.returnData }))
}

/**
 * `eth_call` of `call` at `blockNumber` (else the latest block), as the node answers it, `0x`
 * for no data (as viem's call action reads it): a read path asks the node directly, as the
 * builds do, without viem's call action and its client.
 */
async function ethCall(chain: ChainClient, call: { to: Address; data: Hex; gas?: Hex }, blockNumber: bigint | undefined): Promise<Hex> {
  const returned = (await chain.request({ method: 'eth_call', params: [call, blockNumber === undefined ? 'latest' : numberToHex(blockNumber)] })) as Hex | null
  return returned ?? '0x'
}

/** What a read that did not revert returned, decoded; a result that does not decode is a failed read, not a value. */
function decoded(call: RawCall<unknown>, returnData: Hex): Settled<unknown> {
  if (returnData === '0x' && call.returnsData) return { ok: false, revertData: '0x' }
  try {
    return { ok: true, value: call.decode(returnData) }
  } catch {
    return { ok: false, revertData: '0x' }
  }
}

function chunk<T>(items: T[], size: number): T[][] {
  const parts: T[][] = []
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size))
  return parts
}
