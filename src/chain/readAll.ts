import { BaseError, type Hex } from 'viem'
import { aggregate, type RawCall } from './aggregate.js'
import type { ChainClient } from './createChainClients.js'

/** A read of a strict batch that reverted (or returned what does not decode); `data` is its revert data. */
export class ReadReverted extends BaseError {
  override name = 'ReadReverted'
  constructor(
    readonly index: number,
    readonly data: Hex,
  ) {
    super(data === '0x' ? `read ${index} of the batch reverted without data or did not decode` : `read ${index} of the batch reverted`)
  }
}

/**
 * Every read of `calls` in one block-pinned Multicall3 round trip (`aggregate`), for callers that
 * need them all: the values in order, or a ReadReverted carrying the first failing read's revert
 * data (so the revert decoder names the contract's error). Also returns the block read and its
 * timestamp (seconds).
 */
export async function readAll<const calls extends readonly RawCall<unknown>[]>(
  chain: ChainClient,
  calls: calls,
  blockNumber?: bigint,
): Promise<{ values: { [index in keyof calls]: ReturnType<calls[index]['decode']> }; blockNumber: bigint; timestamp: bigint }> {
  const { results, blockNumber: block, timestamp } = await aggregate(chain, calls, blockNumber)
  const values = (results as readonly ({ ok: true; value: unknown } | { ok: false; revertData: Hex })[]).map((result, index) => {
    if (!result.ok) throw new ReadReverted(index, result.revertData)
    return result.value
  })
  return { values: values as never, blockNumber: block, timestamp }
}
