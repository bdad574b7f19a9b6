import { BaseError, decodeErrorResult, type Hex, type PublicClient, slice } from 'viem'
import { errorsAbi } from '../src/protocols/index.js'

/** One frame of a `callTracer` trace, as anvil returns it (gas as hex quantities). */
type CallFrame = {
  type: string
  to?: Hex
  input: Hex
  output?: Hex
  error?: string
  revertReason?: string
  gas: Hex
  gasUsed: Hex
  calls?: CallFrame[]
}

/**
 * Why a mined transaction reverted, in one line, from the node's call trace: the innermost call
 * the revert came out of, its error (decoded with the service's `errorsAbi`, e.g.
 * `InsufficientOutputAmount(…)`, or `out of gas`), and the gas it had and used, beside the
 * transaction's limit and use.
 *
 * A revert leaves a call right after the call it bubbles up from, so the way down follows the
 * last inner call while that one failed; an earlier failed call was caught (a `try`) and is not
 * the cause.
 */
export async function whyReverted(client: PublicClient, hash: Hex): Promise<string> {
  const [top, transaction, receipt] = await Promise.all([
    client.request({ method: 'debug_traceTransaction', params: [hash, { tracer: 'callTracer' }] } as never) as Promise<CallFrame>,
    client.getTransaction({ hash }),
    client.getTransactionReceipt({ hash }),
  ])
  let frame = top
  for (let last = frame.calls?.at(-1); last?.error !== undefined; last = frame.calls?.at(-1)) frame = last
  const selector = frame.input.length >= 10 ? slice(frame.input, 0, 4) : frame.input
  return (
    `${frame.error ?? 'reverted'}${reasonOf(frame)} in ${frame.type} ${selector} to ${frame.to} ` +
    `(gas ${BigInt(frame.gas)}, used ${BigInt(frame.gasUsed)}); the transaction used ${receipt.gasUsed} of ${transaction.gas}`
  )
}

/** `: Name(args)` for a revert `errorsAbi` (or Error/Panic) decodes, the raw data otherwise, nothing without data. */
function reasonOf(frame: CallFrame): string {
  if (frame.revertReason !== undefined) return `: ${frame.revertReason}`
  const data = frame.output
  if (data === undefined || data === '0x') return ''
  try {
    const { errorName, args } = decodeErrorResult({ abi: errorsAbi, data })
    return `: ${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch (err) {
    if (!(err instanceof BaseError)) throw err
    return `: ${data}`
  }
}
