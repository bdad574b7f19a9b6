import type { Address } from 'viem'
import type { ChainClient } from '../chain/index.js'
import type { IndexedContract, IndexedEvent } from '../store/index.js'
import type { ContractLogs } from './ContractLogs.js'
import { readBlock, readLogs, type NodeBlock, type NodeLog } from './readLogs.js'

/** One range's `eth_getLogs`, its logs decoded, and the range's last block (unless the range is final), under way. */
export interface RangeRead {
  from: bigint
  to: bigint
  addresses: readonly Address[]
  logs: Promise<NodeLog[]>
  /** The logs decoded as soon as they arrive: a range read ahead is decoded while the pass before stores its own. */
  events: Promise<IndexedEvent[]>
  /** Absent for a range past the finality depth: no reorg check will ask for its last block, so the node is not asked either. */
  end?: Promise<NodeBlock | undefined>
}

/**
 * The reads of a ChainIndexer's ranges, one of them ahead: in a backfill the range the next pass
 * will ask for is read (and decoded) while a pass stores its own, so the node's time, the decoding
 * and the store's time overlap. Never more than one range ahead.
 */
export class RangeReads {
  private ahead: RangeRead | undefined

  constructor(private readonly logs: ContractLogs) {}

  /**
   * The logs of `from`..`to` of `addresses` and, unless `final`, that range's last block: the read
   * started ahead when it is that very range, else a new one (a read ahead of another range is dropped).
   */
  take(chain: ChainClient, from: bigint, to: bigint, addresses: readonly Address[], final: boolean): RangeRead {
    const ahead = this.ahead
    this.ahead = undefined
    if (ahead && ahead.from === from && ahead.to === to && ahead.addresses.join() === addresses.join() && (ahead.end || final)) return ahead
    if (ahead) void Promise.allSettled([ahead.logs, ahead.events, ahead.end])
    return this.start(chain, from, to, addresses, final)
  }

  /**
   * Starts reading `from`..`to` of the `contracts` whose history has begun by `to`, for the next
   * pass to take. The caller starts it only in a backfill: at the head, the next pass's range
   * depends on the head it sees then.
   */
  readAhead(chain: ChainClient, contracts: readonly IndexedContract[], from: bigint, to: bigint, final: boolean): void {
    const addresses = contracts.filter((contract) => contract.nextBlock <= to).map((contract) => contract.address)
    const read = this.start(chain, from, to, addresses, final)
    // A failure is met again by the pass that takes it (or dropped with it).
    void Promise.allSettled([read.logs, read.events, read.end])
    this.ahead = read
  }

  private start(chain: ChainClient, from: bigint, to: bigint, addresses: readonly Address[], final: boolean): RangeRead {
    const logs = readLogs(chain, this.logs.filtersOf(addresses), from, to)
    const events = logs.then((read) => this.logs.decode(read))
    // A failed read is met through `logs`.
    events.catch(() => undefined)
    return { from, to, addresses, logs, events, ...(!final && { end: readBlock(chain, to) }) }
  }
}
