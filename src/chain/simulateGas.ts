import { BaseError, type Address, type Hex } from 'viem'
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
}

/**
 * Simulates `blocks` of calls from `from` with `eth_simulateV1`, one block after another (later
 * blocks see the earlier ones' effects), without signatures or balance checks for gas. One node
 * round trip.
 */
export async function simulateCalls(chain: ChainClient, from: Address, blocks: readonly (readonly UnsignedCall[])[]): Promise<SimulatedCall[][]> {
  const simulated = await chain.client.simulateBlocks({
    blocks: blocks.map((calls) => ({ calls: calls.map((call) => ({ account: from, to: call.to, data: call.data, value: call.value })) })),
    validation: false,
  })
  return simulated.map((block) =>
    block.calls.map((result) => ({
      ok: result.status === 'success',
      gasUsed: (result as { maxUsedGas?: bigint }).maxUsedGas ?? result.gasUsed,
      returnData: result.data,
      ...(result.status !== 'success' && { error: result.error }),
    })),
  )
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
  const trials = await chain.client.simulateBlocks({
    blocks: limits.map((gas) => ({
      calls: [...before.map((item) => ({ account: from, ...item })), { account: from, ...call, gas }],
    })),
    validation: false,
  })
  const first = trials.findIndex((block) => block.calls[block.calls.length - 1]!.status === 'success')
  if (first >= 0) return limits[first]!
  const last = trials[trials.length - 1]!.calls
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
