import { numberToHex, type Address, type Hex } from 'viem'
import {
  applyGasMargin,
  decodeRevert,
  estimateGas,
  type FeeSuggestion,
  readAll,
  readFeeSuggestion,
  SimulatedCallFailed,
  simulateCalls,
  smallestGasLimit,
  type ChainClient,
  type SimulatedCall,
  type UnsignedCall,
} from '../chain/index.js'
import { allowanceRead, encodeApprove, errorsAbi } from '../protocols/index.js'
import type { BalanceChange, TxDescriptor, UnsignedTx } from '../schema/index.js'
import { actionError } from './actionError.js'
import { balanceChangesOf } from './balanceChanges.js'
import { landingGas } from './landingGas.js'
import { withShortBalance } from './shortBalance.js'

/** What an endpoint wants the user to send, before gas is known. */
export interface TxPlan {
  chain: ChainClient
  from: Address
  to: Address
  data: Hex
  /** Native coin sent with the call, wei. */
  value?: bigint
  /** The ERC-20 allowance the call spends (`current` when the caller has read it already). */
  allowance?: { token: Address; spender: Address; amount: bigint; current?: bigint }
  /** The call's estimate and traced simulation, when the caller started them together with its own reads (startCall). */
  started?: StartedCall
  /** What is being built ("deposit", "stake", ...), for error messages. */
  action: string
  /** Tokens whose receipt grows with every block (rewards paid by the call): marked `accrues` in `expected`. */
  accruing?: readonly Address[]
}

/** A call's `eth_estimateGas`, its simulation with transfers traced and the chain's fee suggestion, sent together. */
export interface StartedCall {
  estimate: Promise<bigint>
  outcome: Promise<SimulatedCall>
  fees: Promise<FeeSuggestion>
}

/**
 * Starts `call`'s estimate and its traced simulation (what it will move: the descriptor's
 * `expected`): they travel in one batch with whatever else is sent in the same tick. A caller
 * that reads the chain first starts them beside its reads and passes them in the plan. A call
 * that `accrues` (pays what grows with time) has the gas of the block it lands in (landingGas).
 */
export function startCall(chain: ChainClient, from: Address, call: UnsignedCall, options: { accrues?: boolean } = {}): StartedCall {
  const pending = estimateGas(chain, { from, to: call.to, data: call.data, value: call.value })
  const estimate = options.accrues ? landingGas(chain, from, call, pending) : pending
  const outcome = simulateCalls(chain, from, [[call]], { traceTransfers: true }).then(([block]) => block![0]!)
  const fees = readFeeSuggestion(chain)
  // Awaited by buildTx, or dropped when the caller's reads already refuse.
  for (const started of [estimate, outcome, fees]) started.catch(() => undefined)
  return { estimate, outcome, fees }
}

/**
 * Turns a plan into the descriptor a wallet sends, in as few node round trips as the node allows:
 * - first the call's own `eth_estimateGas`, exactly what a wallet would ask, beside its traced
 *   simulation (its `expected`) and, when the plan pays what accrues, its run in a later block
 *   (landingGas): when it passes, the allowance (if any) already covers the call and the
 *   descriptor is done (1 round trip; 2 when the later block needs more gas);
 * - when it reverts and the call spends an allowance: the allowance read and a simulation of both
 *   ways to approve (directly; reset to 0 first, for tokens like USDT that refuse to change a
 *   non-zero allowance) travel together (2), then the smallest gas limit of the call after its
 *   approvals is found in one more simulation (3).
 * A call that would revert anyway becomes a 422 with the decoded error; a failing node a 503.
 */
export async function buildTx(plan: TxPlan, gasMargin: number): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const call: UnsignedCall = { to: plan.to, data: plan.data, value: plan.value ?? 0n }
  let failure: unknown
  let fees: Promise<FeeSuggestion> | undefined
  // An allowance the caller already read short of the amount: the estimate can only revert.
  const short = plan.allowance?.current !== undefined && plan.allowance.current < plan.allowance.amount
  if (!short) {
    const started = plan.started ?? startCall(plan.chain, plan.from, call, { accrues: (plan.accruing?.length ?? 0) > 0 })
    fees = started.fees
    try {
      const gas = await started.estimate
      const outcome = await started.outcome
      if (!outcome.ok) throw new SimulatedCallFailed(0, outcome.error)
      const tx = descriptorOf(describeCall(plan, call, applyGasMargin(gas, gasMargin)), [], expectedOf(plan, [outcome]))
      return {
        tx: withFees(tx, await feeSuggestionFor(plan.chain, started.fees, outcome.stateBlock)),
        ...(outcome.stateBlock !== undefined && { blockNumber: outcome.stateBlock }),
      }
    } catch (error) {
      if (!plan.allowance || decodeRevert(error, errorsAbi) === undefined) throw actionError(error, plan.chain, plan.action)
      failure = error
    }
  }
  try {
    return await withApprovals(plan, call, failure, gasMargin, fees)
  } catch (error) {
    // Only a plan with an allowance comes here: what it spends is known, so a shortfall can be said.
    throw await withShortBalance(actionError(error, plan.chain, plan.action), plan.chain, plan.from, plan.allowance!, plan.action)
  }
}

/** The balance changes of a simulated sequence, a received token in `plan.accruing` marked as growing with every block. */
function expectedOf(plan: TxPlan, calls: readonly SimulatedCall[]): BalanceChange[] {
  const accruing = new Set(plan.accruing?.map((token) => token.toLowerCase()))
  return balanceChangesOf(plan.from, calls).map((change) =>
    accruing.has(change.token.toLowerCase()) && !change.delta.startsWith('-') ? { token: change.token, delta: change.delta, accrues: true as const } : change,
  )
}

/**
 * The descriptor with the fee suggestion: none when the node cannot give one (no eth_feeHistory),
 * rather than a made-up price; the wallet then asks its own node.
 */
export function withFees(tx: TxDescriptor, fees: FeeSuggestion | undefined): TxDescriptor {
  if (!fees) return tx
  const fields = feeFields(fees)
  // Object.assign, not `{ ...tx, ...fields }`: on Node 20's V8 a literal that spreads an object
  // and adds keys it lacks costs about 2 µs, paid on every build (answer-state/context.ts).
  const approvals = tx.approvals?.map((approval) => Object.assign({}, approval, fields))
  return Object.assign({}, tx, fields, approvals && { approvals })
}

/**
 * The suggestion in the transaction fields that viem's `sendTransaction` and `eth_sendTransaction`
 * share, as hex quantities; which of them are present says the transaction's type, so no `type`
 * is given (viem names it `eip1559`, the JSON-RPC `0x2`: neither takes the other's).
 */
function feeFields(fees: FeeSuggestion): Pick<UnsignedTx, 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'gasPrice'> {
  if (fees.legacy) return { gasPrice: numberToHex(fees.maxFeePerGas) }
  return { maxFeePerGas: numberToHex(fees.maxFeePerGas), maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas) }
}

/**
 * The fee suggestion for an answer that names `block`: the one started with the build when it was
 * read at that block or later, else one read now. A suggestion kept from an earlier block may be
 * short of the next block's base fee (a base fee can jump further than the protocol's 12.5 % on
 * a devnet, or after a chain's own rules change): it is valid for its block only.
 */
export async function feeSuggestionFor(
  chain: ChainClient,
  started: Promise<FeeSuggestion> | undefined,
  block: bigint | undefined,
): Promise<FeeSuggestion | undefined> {
  const fees = await started?.catch(() => undefined)
  if (!fees || block === undefined || fees.blockNumber >= block) return fees
  return readFeeSuggestion(chain, { fresh: true }).catch(() => fees)
}

/** The descriptor with its approvals; `blockNumber` is the block its simulation ran on (else the one the allowance was read at). */
async function withApprovals(
  plan: TxPlan,
  call: UnsignedCall,
  estimateFailure: unknown,
  gasMargin: number,
  startedFees: Promise<FeeSuggestion> | undefined,
): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const { token, spender, amount } = plan.allowance!
  const approve = (value: bigint): UnsignedCall => ({ to: token, data: encodeApprove(spender, value), value: 0n })
  // One round trip. Block 1 tries the approval over the standing allowance; block 2 (on top of
  // it) resets to 0, approves, and runs the call, measuring it as it will run after approval.
  const known = plan.allowance!.current
  const fees = startedFees ?? readFeeSuggestion(plan.chain)
  fees.catch(() => undefined)
  const [read, [direct, reset]] = await Promise.all([
    known === undefined ? readAllowance(plan.chain, token, plan.from, spender) : { value: known, blockNumber: undefined },
    simulateCalls(plan.chain, plan.from, [[approve(amount)], [approve(0n), approve(amount), call]], { traceTransfers: true }),
  ])
  const current = read.value
  // The allowance was not what made the estimate fail: its revert is the answer.
  if (current >= amount) throw estimateFailure
  const needsReset = current > 0n && !direct![0]!.ok
  const [resetZero, resetApprove, action] = reset!
  const approvals = needsReset ? [approve(0n), approve(amount)] : [approve(amount)]
  const approvalResults = needsReset ? [resetZero!, resetApprove!] : [direct![0]!.ok ? direct![0]! : resetApprove!]
  const failedApproval = approvalResults.findIndex((result) => !result.ok)
  if (failedApproval >= 0) throw new SimulatedCallFailed(failedApproval, approvalResults[failedApproval]!.error)
  if (!action!.ok) throw new SimulatedCallFailed(approvals.length, action!.error)
  const limit = await smallestGasLimit(plan.chain, plan.from, approvals, call, action!.gasUsed)
  const tx = descriptorOf(
    describeCall(plan, call, applyGasMargin(limit, gasMargin)),
    approvals.map((item, index) => describeCall(plan, item, applyGasMargin(limitForUsed(approvalResults[index]!.gasUsed), gasMargin))),
    // Approvals move nothing: the action's transfers after them are the sequence's.
    expectedOf(plan, [action!]),
  )
  const blockNumber = action!.stateBlock ?? read.blockNumber
  return { tx: withFees(tx, await feeSuggestionFor(plan.chain, fees, blockNumber)), ...(blockNumber !== undefined && { blockNumber }) }
}

/**
 * The limit an approval needs given the gas it used: refunds (clearing an allowance gives one)
 * are at most a fifth of what ran, so the gas that ran is at most used × 5/4.
 */
function limitForUsed(used: bigint): bigint {
  return (used * 5n + 3n) / 4n
}

async function readAllowance(
  chain: ChainClient,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<{ value: bigint; blockNumber: bigint | undefined }> {
  const { values, blockNumber } = await readAll(chain, [allowanceRead(token, owner, spender)])
  return { value: values[0], blockNumber }
}

/** The descriptor of `item` sent by `plan.from` on `plan.chain` with `gas` as its limit. */
export function describeCall(plan: { chain: Pick<ChainClient, 'chainId'>; from: Address }, item: UnsignedCall, gas: bigint): UnsignedTx {
  return {
    data: item.data,
    gas: Number(gas),
    to: item.to,
    ...(item.value > 0n && { value: numberToHex(item.value) }),
    chainId: plan.chain.chainId,
    from: plan.from,
  }
}

/**
 * The descriptor of `action` after `approvals`, with the same steps as one EIP-5792 batch
 * (`calls`) and the balance changes a simulation of them showed (`expected`).
 */
export function descriptorOf(action: UnsignedTx, approvals: UnsignedTx[], expected: BalanceChange[]): TxDescriptor {
  const calls = [...approvals, action].map(({ to, data, value }) => ({ to, data, value: value ?? '0x0' }))
  // Named, not `{ ...action, calls, expected }` (see withFees); describeCall gives no fee fields.
  const { data, gas, to, value, chainId, from } = action
  return { data, gas, to, ...(value !== undefined && { value }), chainId, from, ...(approvals.length > 0 && { approvals }), calls, expected }
}
