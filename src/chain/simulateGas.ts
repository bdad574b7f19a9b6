import {
  AbiDecodingZeroDataError,
  BaseError,
  decodeAbiParameters,
  getContractError,
  hexToBigInt,
  numberToHex,
  RawContractError,
  type Address,
  type Hex,
  zeroHash,
} from 'viem'
import type { ChainClient } from './createChainClients.js'

/** A call a user would send. */
export interface UnsignedCall {
  to: Address
  data: Hex
  value: bigint
}

/** One simulated call's outcome. */
export interface SimulatedCall {
  ok: boolean
  /** Gas the call used (refunds subtracted), or the most it needed where the node says. */
  gasUsed: bigint
  /** What the call returned (a view call's value, a revert's data). */
  returnData: Hex
  /** The node's error for a failed call (revert data included). */
  error?: unknown
  /** The ERC-20 and native coin transfers the call made, when traced (see simulateCalls). */
  transfers?: Transfer[]
  /** The block whose state the simulation started from (the head it ran on): its blocks are the ones after it. */
  stateBlock?: bigint
}

/**
 * A transfer a simulated call made: of an ERC-20 token, or of the native coin. Addresses are
 * lowercase as the node's logs give them: checksumming every log's three addresses cost a build
 * more than the rest of reading its simulation, and only the few tokens a caller reports need it.
 */
export interface Transfer {
  token: Lowercase<Address> | 'native'
  from: Lowercase<Address>
  to: Lowercase<Address>
  amount: bigint
}

/** ERC-20 `Transfer(address indexed from, address indexed to, uint256 value)`. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** Where `eth_simulateV1` with `traceTransfers` says a native coin transfer happened (ERC-7528). */
const NATIVE_TRANSFER_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** The transfers among `logs`: ERC-20 Transfer events (three topics; ERC-721's four are not amounts) and traced native transfers. */
function transfersIn(logs: readonly RawLog[]): Transfer[] {
  return logs.flatMap((log) => {
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) return []
    // One uint256 word, as the standard event has it; anything else is decoded the long way (and fails as it should).
    const amount = log.data.length === 66 ? hexToBigInt(log.data) : decodeAbiParameters([{ type: 'uint256' }], log.data)[0]
    const address = log.address.toLowerCase() as Lowercase<Address>
    return [
      {
        token: address === NATIVE_TRANSFER_ADDRESS ? ('native' as const) : address,
        from: `0x${log.topics[1]!.slice(26).toLowerCase()}` as Lowercase<Address>,
        to: `0x${log.topics[2]!.slice(26).toLowerCase()}` as Lowercase<Address>,
        amount,
      },
    ]
  })
}

/** One call's result as `eth_simulateV1` returns it (only the fields read here). */
interface RpcSimulatedCall {
  status: Hex
  gasUsed: Hex
  maxUsedGas?: Hex
  returnData: Hex
  error?: { data?: Hex }
  logs?: readonly RawLog[]
}

/** A log as the node returns it (only the fields read here). */
interface RawLog {
  address: Address
  topics: readonly Hex[]
  data: Hex
}

/**
 * Simulates `blocks` of calls from `from` with `eth_simulateV1`, one block after another (later
 * blocks see the earlier ones' effects), without signatures or balance checks for gas. One node
 * round trip. With `traceTransfers`, each call also says the tokens and native coin it moved. A
 * call with `gas` runs under that limit.
 *
 * With `afterHead`, the calls run after an empty first block, so they meet a block later than the
 * head, as a sent transaction does. anvil runs the first simulated block with the head's own
 * number and timestamp, where code that settles by time (a farm's rewards) may do less, and use
 * less gas, than it will once mined; nodes that follow the spec start one block on, and there the
 * empty block moves the calls one block further. Gas is a ceiling, so it is measured after the
 * head; what accrues is a floor in `expected`, so it is traced as early as the node allows.
 *
 * Every build runs this beside its estimate, so it asks the node directly and reads only the
 * calls: viem's simulateBlocks also formats each simulated block and every log, a share of a
 * build's CPU that buys nothing here (BENCHMARKS.md, "Figures behind the code"). A failed call's error is the one viem would give.
 */
export async function simulateCalls(
  chain: ChainClient,
  from: Address,
  blocks: readonly (readonly (UnsignedCall & { gas?: bigint })[])[],
  options: { traceTransfers?: boolean; afterHead?: boolean } = {},
): Promise<SimulatedCall[][]> {
  const blockStateCalls = (options.afterHead ? [[], ...blocks] : blocks).map((calls) => ({
    calls: calls.map((call) => ({
      from,
      to: call.to,
      data: call.data,
      value: numberToHex(call.value),
      ...(call.gas !== undefined && { gas: numberToHex(call.gas) }),
    })),
  }))
  const simulated = (await chain.request({
    method: 'eth_simulateV1',
    params: [{ blockStateCalls, validation: false, ...(options.traceTransfers && { traceTransfers: true }) }, 'latest'],
  })) as unknown as readonly { number?: Hex; parentHash?: Hex; calls: readonly RpcSimulatedCall[] }[]
  const stateBlock = stateBlockOf(simulated[0])
  return simulated.slice(options.afterHead ? 1 : 0).map((block, blockIndex) =>
    block.calls.map((result, callIndex) => {
      const ok = result.status === '0x1'
      const returnData = result.error?.data ?? result.returnData
      return {
        ok,
        gasUsed: BigInt(result.maxUsedGas ?? result.gasUsed),
        returnData,
        ...(!ok && { error: callError(returnData, blocks[blockIndex]![callIndex]!.to) }),
        ...(options.traceTransfers && { transfers: transfersIn(result.logs ?? []) }),
        ...(stateBlock !== undefined && { stateBlock }),
      }
    }),
  )
}

/**
 * The block whose state a simulation ran on, from its first simulated block: the spec runs that
 * block as the one after the head, with the head as its parent; anvil runs it under the head's own
 * number and gives it no parent (a zero parentHash), so there the head is that block's number.
 * Telling them apart by the parent costs no call (learning it from eth_blockNumber would be one
 * more per build, or a round trip).
 */
function stateBlockOf(first: { number?: Hex; parentHash?: Hex } | undefined): bigint | undefined {
  if (first?.number === undefined) return undefined
  return first.parentHash === zeroHash ? BigInt(first.number) : BigInt(first.number) - 1n
}

/** A failed simulated call's error, as viem's simulateBlocks builds it (decodeRevert reads it). */
function callError(data: Hex | undefined, to: Address): BaseError | undefined {
  const raw = data === '0x' ? new AbiDecodingZeroDataError() : data ? new RawContractError({ data }) : undefined
  return raw && getContractError(raw, { abi: [], address: to, args: undefined, functionName: '<unknown>' })
}

/**
 * Gas limits tried for the action, as multiples (percent) of the gas it used in a simulation.
 * Gas used is not the limit a call needs: refunds are subtracted from it and every nested call
 * keeps 1/64 back, so the smallest limit that succeeds is found by trying.
 */
const LIMIT_STEPS_PERCENT = [100n, 110n, 120n, 135n, 150n, 175n, 200n, 300n]

/**
 * The smallest gas limit (among rising steps over `used`) under which `call` succeeds after
 * `before` (approvals), in one `eth_simulateV1` request of one block per step. Blocks build on
 * each other, but a call that runs out of gas changes nothing and the approvals set the same
 * allowance again: every block up to the first success sees the same state. Throws a
 * SimulatedCallFailed when even the largest step fails.
 */
export async function smallestGasLimit(chain: ChainClient, from: Address, before: readonly UnsignedCall[], call: UnsignedCall, used: bigint): Promise<bigint> {
  const limits = LIMIT_STEPS_PERCENT.map((percent) => (used * percent + 99n) / 100n)
  const trials = await simulateCalls(
    chain,
    from,
    limits.map((gas) => [...before, { ...call, gas }]),
    { afterHead: true },
  )
  const first = trials.findIndex((block) => block[block.length - 1]!.ok)
  if (first >= 0) return limits[first]!
  const last = trials[trials.length - 1]!
  throw new SimulatedCallFailed(last.length - 1, last[last.length - 1]!.error)
}

/** A simulated call that would fail, and its place in the sequence (0 = the first approval). */
export class SimulatedCallFailed extends BaseError {
  override name = 'SimulatedCallFailed'
  constructor(
    readonly index: number,
    cause: unknown,
  ) {
    super(`simulated call ${index} would revert`, { cause: cause instanceof Error ? cause : new Error(String(cause)) })
  }
}
