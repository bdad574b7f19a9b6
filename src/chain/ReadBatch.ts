import { aggregate, type RawCall, type Settled } from './aggregate.js'
import type { ChainClient } from './createChainClients.js'

/** The outcome of one read of a batch, available once the batch has run. */
export interface ReadHandle<T> {
  /** The value, or undefined when the read reverted or did not decode. */
  value(): T | undefined
}

/**
 * Collects reads from several places, runs them as one block-pinned `aggregate` and hands each
 * its own outcome, so callers never do index arithmetic over one long result array.
 */
export class ReadBatch {
  private readonly calls: RawCall<unknown>[] = []
  private results: readonly Settled<unknown>[] | undefined

  add<T>(call: RawCall<T>): ReadHandle<T> {
    const index = this.calls.push(call) - 1
    return {
      value: () => {
        if (!this.results) throw new Error('ReadBatch: read before run()')
        const result = this.results[index]!
        return result.ok ? (result.value as T) : undefined
      },
    }
  }

  /** Runs every read at `blockNumber` (default latest); returns that block's number and timestamp. */
  async run(chain: ChainClient, blockNumber?: bigint): Promise<{ blockNumber: bigint; timestamp: bigint }> {
    const { results, blockNumber: block, timestamp } = await aggregate(chain, this.calls, blockNumber)
    this.results = results as readonly Settled<unknown>[]
    return { blockNumber: block, timestamp }
  }
}
