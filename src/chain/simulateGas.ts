import { BaseError, type Address, type Hex } from 'viem'
import type { ChainClient } from './createChainClients.js'
import { applyGasMargin, estimateGasWithMargin } from './estimateGas.js'

/** A call a user would send. */
export interface UnsignedCall {
  to: Address
  data: Hex
  value: bigint
}

/**
 * Gas limits tried for the action, as multiples (percent) of the gas it used in the first
 * simulation. Gas used is not the limit a call needs: refunds are subtracted from it and every
 * nested call keeps 1/64 back, so the smallest limit that succeeds is found by trying.
 */
const LIMIT_STEPS_PERCENT = [100n, 110n, 120n, 135n, 150n, 175n, 200n, 300n]

/**
 * Gas for `call` sent by `from` after `before` (approvals) have been mined. Without prior calls it
 * is `eth_estimateGas`. With them, the calls are simulated together with `eth_simulateV1`: once to
 * learn whether the action succeeds after its approvals and what it uses, then once more with the
 * action under rising gas limits (one simulated block each, in one request) to find the smallest
 * limit that succeeds. The action is measured as it will run after its approvals, never guessed.
 * Returns the gas of every call with the margin applied; throws viem's error (with the revert
 * data) when a call would revert, a SimulatedCallFailed naming the call when simulated.
 */
export async function simulateGas(
  chain: ChainClient,
  from: Address,
  before: readonly UnsignedCall[],
  call: UnsignedCall,
  margin: number,
): Promise<{ before: bigint[]; call: bigint }> {
  if (before.length === 0) return { before: [], call: await estimateGasWithMargin(chain, { from, ...call }, margin) }
  const calls = [...before, call].map((item) => ({ account: from, to: item.to, data: item.data, value: item.value }))
  const [measured] = await chain.client.simulateBlocks({ blocks: [{ calls }], validation: false })
  const results = measured!.calls
  throwIfFailed(results)
  const used = results.map((result) => (result as { maxUsedGas?: bigint }).maxUsedGas ?? result.gasUsed)
  const actionUsed = used[used.length - 1]!
  const limits = LIMIT_STEPS_PERCENT.map((percent) => (actionUsed * percent + 99n) / 100n)
  // Blocks build on each other, but a call that runs out of gas changes nothing, and the
  // approvals set the same allowance again: every block up to the first success sees the same state.
  const trials = await chain.client.simulateBlocks({
    blocks: limits.map((gas) => ({ calls: [...calls.slice(0, -1), { ...calls[calls.length - 1]!, gas }] })),
    validation: false,
  })
  const first = trials.findIndex((block) => block.calls[block.calls.length - 1]!.status === 'success')
  if (first < 0) throwIfFailed(trials[trials.length - 1]!.calls)
  const limit = limits[first < 0 ? limits.length - 1 : first]!
  return { before: used.slice(0, -1).map((gas) => applyGasMargin(gas, margin)), call: applyGasMargin(limit, margin) }
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

function throwIfFailed(results: readonly { status: string; error?: unknown }[]): void {
  const index = results.findIndex((result) => result.status !== 'success')
  if (index >= 0) throw new SimulatedCallFailed(index, results[index]!.error)
}
