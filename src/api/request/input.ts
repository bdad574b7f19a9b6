import type { Address } from 'viem'
import { invalidInput, invalidRequest } from '../../errors/index.js'
import { checksummed, parseTimestamp } from '../../schema/index.js'

/*
 * Parsing at the edge: a route turns the texts its schema accepted into the domain's types
 * (checksummed addresses, bigint amounts, numeric chain ids) before any service runs, so services
 * never see request shapes or field paths.
 */

/** An address the schema accepted (any case, or a valid checksum), checksummed. */
export function addressOf(value: string): Address {
  return checksummed(value)
}

/** A window of chain time from a query's `from`/`to` (ISO 8601 or ms, as the schema accepted them): whole seconds within it, all time when absent. */
export function chainWindowOf(query: { from?: string | undefined; to?: string | undefined }): { fromTime: number; toTime: number } {
  return {
    fromTime: query.from === undefined ? 0 : Math.ceil(parseTimestamp(query.from)! / 1000),
    toTime: query.to === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(parseTimestamp(query.to)! / 1000),
  }
}

/** Y5's rule: exactly one of tokenAmount and ibtAmount; absent, "" and "0" count as not given. */
export function withdrawAmountOf(body: { tokenAmount?: string | undefined; ibtAmount?: string | undefined }): { by: 'underlying' | 'shares'; amount: bigint } {
  const given = (value: string | undefined) => value !== undefined && value !== '' && BigInt(value) > 0n
  const token = given(body.tokenAmount)
  const ibt = given(body.ibtAmount)
  if (token === ibt) {
    const message = 'exactly one of tokenAmount and ibtAmount must be given (absent, "" or "0" counts as not given)'
    throw invalidRequest(token ? `both tokenAmount and ibtAmount were given: ${message}` : `neither tokenAmount nor ibtAmount was given: ${message}`, {
      issues: [
        { input: 'tokenAmount', message },
        { input: 'ibtAmount', message },
      ],
    })
  }
  const [by, input] = token ? (['underlying', 'tokenAmount'] as const) : (['shares', 'ibtAmount'] as const)
  const amount = BigInt(body[input]!)
  if (amount >= 1n << 256n) throw invalidInput(input, 'must be below 2^256', 'INVALID_AMOUNT')
  return { by, amount }
}
