import { BaseError, ContractFunctionRevertedError, decodeErrorResult, HttpRequestError, TimeoutError, type Abi, type Hex } from 'viem'
import { AppError, executionReverted, insufficientFunds, nodeFailed, nodesUnavailable } from '../errors/index.js'

/** A revert as a client reads it: the custom error (or revert string) and its arguments. */
export interface DecodedRevert {
  /** Custom error name, `Error` for a revert string, `Panic` for a panic, `unknown` when undecodable. */
  name: string
  /** Arguments as JSON-safe values (bigints become decimal strings). */
  args: Record<string, string | boolean> | string[]
  /** The revert string, or a sentence built from the error name and arguments. */
  message: string
  /** The raw revert data, when the node returned any. */
  data?: Hex
}

/**
 * Walks viem's error chain for revert data and decodes it with `abi` (custom errors of the
 * contract, plus the built-in `Error(string)` and `Panic(uint256)`). Returns undefined when the
 * error is not a revert (a network failure, a timeout, ...).
 */
export function decodeRevert(error: unknown, abi: Abi): DecodedRevert | undefined {
  if (!(error instanceof BaseError)) return undefined
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null
  const data = reverted?.raw ?? findRevertData(error)
  if (data && data !== '0x') {
    try {
      const decoded = decodeErrorResult({ abi, data })
      const inputs = decoded.abiItem.type === 'error' ? decoded.abiItem.inputs : []
      const values = (decoded.args ?? []).map(jsonSafe)
      const args = inputs.every((input) => input.name) ? Object.fromEntries(inputs.map((input, index) => [input.name!, values[index]!])) : values.map(String)
      const message = decoded.errorName === 'Error' ? String(values[0]) : `${decoded.errorName}(${values.map(String).join(', ')})`
      return { name: decoded.errorName, args, message, data }
    } catch {
      return { name: 'unknown', args: [], message: `reverted with undecodable data ${data.slice(0, 10)}`, data }
    }
  }
  const isRevert = error.walk((cause) => /revert/i.test((cause as Error).message ?? ''))
  if (!isRevert) return undefined
  return { name: 'unknown', args: [], message: reverted?.reason ?? 'execution reverted without a reason' }
}

function findRevertData(error: BaseError): Hex | undefined {
  let found: Hex | undefined
  error.walk((cause) => {
    const data = (cause as { data?: unknown }).data
    const hex = typeof data === 'string' ? data : (data as { data?: unknown } | undefined)?.data
    if (typeof hex === 'string' && /^0x[0-9a-fA-F]*$/.test(hex) && hex.length >= 10) {
      found = hex as Hex
      return true
    }
    return false
  })
  return found
}

function jsonSafe(value: unknown): string | boolean {
  return typeof value === 'boolean' ? value : String(value)
}

/** Seconds a client should wait after the chain node failed. */
const UPSTREAM_RETRY_AFTER_SECONDS = 5

/**
 * Turns an error from a chain call into the AppError a client gets: a revert becomes 422 with the
 * decoded error; a node that does not answer becomes 503 with `retry-after`. `action` says what was
 * being attempted ("deposit", "stake", ...).
 */
export function toAppError(
  error: unknown,
  context: {
    abi: Abi
    chainId: number
    action: string
    explain?: (revert: DecodedRevert) => string | undefined
    /** Whether a revert says the user lacks the tokens the action needs: then INSUFFICIENT_FUNDS. */
    lacksFunds?: (revert: DecodedRevert) => boolean
  },
): AppError {
  if (error instanceof AppError) return error
  const revert = decodeRevert(error, context.abi)
  if (revert) {
    const sentence = context.explain?.(revert) ?? revert.message
    const refused = context.lacksFunds?.(revert) ? insufficientFunds : executionReverted
    return refused(`${context.action} would revert on chain ${context.chainId}: ${sentence}`, {
      meta: { revert: { name: revert.name, args: revert.args, message: revert.message } },
      cause: error,
    })
  }
  const unreachable = error instanceof BaseError && error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null
  // Unreachable: the nodes did not answer (503); otherwise one answered with an error (502).
  return (unreachable ? nodesUnavailable : nodeFailed)(`the node of chain ${context.chainId} did not answer the ${context.action} request; try again shortly`, {
    retryAfterSeconds: UPSTREAM_RETRY_AFTER_SECONDS,
    meta: { chainId: context.chainId },
    cause: error,
  })
}
