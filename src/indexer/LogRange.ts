import { entryOf } from '../keyed/index.js'
/**
 * Logs one `eth_getLogs` answer should carry at most, until a node names a cap of its own: past it
 * the next range is cut to fit, under it the next range grows toward it. Four fifths of the 10,000
 * results the main providers cap an answer at (Infura, Alchemy): each call of a node's request
 * budget brings as much as it may, with a fifth left for blocks denser than the last range's.
 */
export const TARGET_LOGS_PER_REQUEST = 8_000
/** The share of a result cap a node names that a range aims at: the rest is left for denser blocks. */
const SHARE_OF_NAMED_CAP = 0.8
/** Successful requests under a refused size before the range may grow past that size again (the node may have been busy, not strict). */
const SUCCESSES_BEFORE_RETRYING_CEILING = 50
/**
 * The span of a chain's first request, blocks: how dense its logs are is not known yet, and a
 * first request of the largest span over a busy contract may bring hundreds of thousands of logs
 * (hundreds of MB) at once. Light answers double it to the largest span in a few requests.
 */
export const FIRST_SPAN_BLOCKS = 100n

/**
 * The block span of the next `eth_getLogs` of a chain, as its nodes allow it: it starts at
 * FIRST_SPAN_BLOCKS and doubles after each answer of half its target of logs or less
 * (TARGET_LOGS_PER_REQUEST, or four fifths of a cap the node named), up to `maxBlocks` and up to
 * the size a node last refused; it is cut to fit when an answer carried more than the target, and
 * on a refusal (range too large, too many results, -32005, a timeout) falls to the size the node
 * suggests, else half. After enough answers under a refused size, that ceiling is lifted again:
 * nodes behind a load balancer differ, and a refusal may have been a busy moment. A refusal for
 * too many results sets no ceiling (denser blocks, not a narrower node), and one that names the
 * node's cap sets the target to four fifths of it.
 */
export class LogRange {
  private span: bigint
  private ceiling: bigint
  private sinceRefusal = 0
  private target = BigInt(TARGET_LOGS_PER_REQUEST)

  constructor(private readonly maxBlocks: bigint) {
    this.span = min(FIRST_SPAN_BLOCKS, maxBlocks)
    this.ceiling = maxBlocks
  }

  /** Blocks the next request asks for. */
  get blocks(): bigint {
    return this.span
  }

  /** The node answered `logs` logs for a request of `blocks` blocks. */
  answered(blocks: bigint, logs: number): void {
    this.sinceRefusal++
    if (this.ceiling < this.maxBlocks && this.sinceRefusal >= SUCCESSES_BEFORE_RETRYING_CEILING) {
      this.ceiling = min(this.ceiling * 2n, this.maxBlocks)
      this.sinceRefusal = 0
    }
    const count = BigInt(logs)
    if (count > this.target) this.span = max(1n, (blocks * this.target) / count)
    // Twice the blocks of an answer of half the target or less hold about the target, if the blocks
    // ahead are as dense; a span grown to fit the target exactly would meet denser blocks at the cap.
    // A range cut short (by the head) says nothing of a larger one.
    else if (count * 2n <= this.target && blocks >= this.span) this.span = min(this.span * 2n, this.ceiling)
  }

  /**
   * A request of `blocks` blocks was refused; `suggested` is the span the node's message named, if
   * any, and `resultCap` the most logs it said it answers (ranges aim at four fifths of it from now on).
   */
  refused(blocks: bigint, suggested?: bigint, resultCap?: number): void {
    const next = suggested !== undefined && suggested < blocks ? max(1n, suggested) : max(1n, blocks / 2n)
    this.span = next
    this.sinceRefusal = 0
    if (resultCap !== undefined) this.target = max(1n, BigInt(Math.floor(resultCap * SHARE_OF_NAMED_CAP)))
    // Too many results says how dense those blocks were, not how many blocks the node takes.
    if (resultCap === undefined || suggested !== undefined) this.ceiling = next
  }
}

/**
 * A LogRange per RPC URL: what one provider allows says nothing of another behind the same chain
 * (a strict one's limit does not cap a lenient one, and is not forgotten while the other serves).
 */
export class LogRanges {
  private readonly byUrl = new Map<string, LogRange>()

  constructor(private readonly maxBlocks: bigint) {}

  /**
   * Learns from a refused request of `blocks` blocks sent to `url` first: the URL that refused it
   * (named by the error when another answered), the span it asks that URL for next, and the node's
   * own words (viem keeps them in `details`).
   */
  refused(error: unknown, url: string, blocks: bigint): { url: string; blocks: bigint; message: string } {
    const message = (error as { details?: string }).details ?? (error instanceof Error ? error.message : String(error))
    const refusedBy = urlOf(error) ?? url
    const range = this.of(refusedBy)
    range.refused(blocks, suggestedSpan(message), resultCapOf(message))
    return { url: refusedBy, blocks: range.blocks, message }
  }

  /** The range learnt of `url` (a fresh one the first time). */
  of(url: string): LogRange {
    return entryOf(this.byUrl, url, () => new LogRange(this.maxBlocks))
  }
}

/**
 * The block span a node's refusal names, when it names one: a range, as Alchemy's "this block
 * range should work: [0x…, 0x…]" or Infura's "query returned more than 10000 results. Try with
 * this block range [0x…, 0x…]"; or a limit, as "block range is too wide (max 2000)", "limited to
 * a 10,000 range", "up to a 2K block range", "maximum block range: 5000".
 */
export function suggestedSpan(message: string): bigint | undefined {
  const range = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(message)
  if (range) return BigInt(range[2]!) - BigInt(range[1]!) + 1n
  // "a 2K block range" before "block range … 10K": a message may name both a range and a cap on logs.
  const limit =
    /([0-9][0-9,_]*)(k?)[ -]block range/i.exec(message) ??
    /(?:block range|range limit|limited to(?: a)?|max(?:imum)? (?:block )?range)[^0-9]{0,40}([0-9][0-9,_]*)(k?)\b/i.exec(message)
  if (!limit) return undefined
  const value = BigInt(limit[1]!.replace(/[,_]/g, ''))
  return limit[2] ? value * 1_000n : value
}

/**
 * The most logs a node's refusal says it answers, when it says so: Infura's "query returned more
 * than 10000 results", Alchemy's "a cap of 10K logs in the response", "max results 5000",
 * "limited to 1,000 logs".
 */
export function resultCapOf(message: string): number | undefined {
  const cap =
    /(?:more than|cap of|max(?:imum)?(?: of)?|limit(?:ed)? (?:to|of)|up to)\s*([0-9][0-9,_]*)(k?)\s*(?:results|logs)\b/i.exec(message) ??
    /(?:max(?:imum)?|limit)\s*(?:results|logs)[^0-9]{0,12}([0-9][0-9,_]*)(k?)\b/i.exec(message)
  if (!cap) return undefined
  const value = Number(cap[1]!.replace(/[,_]/g, ''))
  return cap[2] ? value * 1_000 : value
}

/** The RPC URL an error came from (viem's RpcRequestError names it, possibly as the cause of another). */
function urlOf(error: unknown): string | undefined {
  for (let at = error as { url?: unknown; cause?: unknown } | undefined; at; at = at.cause as typeof at) if (typeof at.url === 'string') return at.url
  return undefined
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}

function max(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
