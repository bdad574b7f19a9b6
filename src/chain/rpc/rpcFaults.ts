import { type HttpRequestError, RpcRequestError, type TimeoutError } from 'viem'

/** Why a node failed to answer a call, as far as choosing another node goes. */
export type FaultKind =
  /** No answer within the attempt's time (a hung or slow node). */
  | 'timeout'
  /** The connection failed or was dropped. */
  | 'network'
  /** An HTTP status other than 200 (and not 429). */
  | 'http'
  /** HTTP 429, or a JSON-RPC "limit exceeded" (-32005) answer. */
  | 'rate-limited'
  /** An answer that is not JSON-RPC. */
  | 'garbage'
  /** A JSON-RPC error that another node may not give (internal error, method missing, busy). */
  | 'unavailable'
  /** The node lacks the state asked for (pruned history, a block it has not seen yet). */
  | 'pruned'

/** A JSON-RPC error object as a node sends it. */
export interface RpcErrorObject {
  code: number
  message: string
  data?: unknown
}

const RATE_LIMITED = /rate.?limit|too many requests|limit exceeded|exceeded .*(capacity|quota|compute units)|request limit/i
const PRUNED =
  /missing trie node|header not found|state (is )?not available|historical state|pruned|old data not available|unknown block|block not found|state histories|required historical/i
/** The call itself failed in the EVM: every node would fail it the same way (some say so with -32603). */
const EXECUTION = /invalid opcode|InvalidFEOpcode|out of gas|OutOfGas|stack (underflow|overflow)|invalid jump/i
const UNAVAILABLE = /timeout|timed out|busy|unavailable|try again|backend|upstream|overloaded|internal error/i
/**
 * An `eth_getLogs` asked for too much: too wide a block range or too many results. The answer,
 * whatever its code (Infura sends -32005, as for a rate limit): the caller asks for less, often
 * the range the message names; the node is not at fault.
 */
const LOG_REQUEST_TOO_LARGE =
  /block range|range (is )?too (wide|large)|more than [0-9,]+ (results|logs)|too many (results|logs)|(log|response) size (exceeded|is too large)|range limit/i

/**
 * Whether a JSON-RPC error is the answer (a revert, bad params, insufficient funds: every node
 * would say the same, so it goes back to the caller) or a fault of this node that another may
 * not have (rate limit, pruned state, internal trouble: try the next node).
 */
export function classifyRpcError(error: RpcErrorObject): FaultKind | 'final' {
  const message = String(error.message ?? '')
  if (/revert/i.test(message) || error.code === 3 || EXECUTION.test(message) || LOG_REQUEST_TOO_LARGE.test(message)) return 'final'
  if (error.code === -32005 || error.code === 429 || RATE_LIMITED.test(message)) return 'rate-limited'
  if (PRUNED.test(message)) return 'pruned'
  if (error.code === -32601 || error.code === -32603 || error.code === -32002 || UNAVAILABLE.test(message)) return 'unavailable'
  return 'final'
}

/** A failed attempt on one node: viem's own error (so callers and the revert decoder see what `http` would give) and its kind. */
export class AttemptFailed extends Error {
  constructor(
    readonly kind: FaultKind,
    readonly error: HttpRequestError | TimeoutError | RpcRequestError,
    /** For rate limits: how long the node asked to be left alone, ms. */
    readonly retryAfterMs?: number,
  ) {
    super(error.shortMessage)
  }
}

/**
 * How a JSON-RPC call ended, for metrics: answered; reverted (the call's own answer); refused
 * (bad params or funds: every node would say the same); failed (no node answered in time).
 */
export type CallOutcome = 'ok' | 'reverted' | 'refused' | 'failed'

/** The outcome of a call that was rejected with `error`. */
export function callOutcomeOf(error: unknown): CallOutcome {
  if (!(error instanceof RpcRequestError)) return 'failed'
  return error.code === 3 || /revert/i.test(error.details) ? 'reverted' : 'refused'
}
