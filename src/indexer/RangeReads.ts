import type { Address } from 'viem'
import type { ChainClient } from '../chain/index.js'
import { eventRows, type EventRows, type IndexedContract } from '../store/index.js'
import type { ContractLogs } from './ContractLogs.js'
import { type LogBlocks, logBlocksOf } from './blocksOfLogs.js'
import { readBlock, readLogs, type NodeBlock } from './readLogs.js'

/** One range's `eth_getLogs`, its logs decoded into rows, and the range's last block (unless the range is final), under way. */
export interface RangeRead {
  from: bigint
  to: bigint
  addresses: readonly Address[]
  /** How many logs, and the blocks they name: the logs themselves go once decoded. */
  logs: Promise<LogBlocks>
  /** The events of the logs as rows, made a turn after the logs arrive (start): a range read ahead is decoded while the pass before stores its own. */
  rows: Promise<EventRows>
  /** Absent for a range past the finality depth: no reorg check will ask for its last block, so the node is not asked either. */
  end?: Promise<NodeBlock | undefined>
}

/**
 * The reads of a ChainIndexer's ranges, up to `depth` of them ahead: in a backfill the ranges the
 * next passes will ask for are read (and decoded) while a pass stores its own, so the node's time
 * (its latency above all, on a remote node), the decoding and the store's time overlap. A node's
 * request budget, when set, spaces them (CallBudget).
 */
export class RangeReads {
  private ahead: RangeRead[] = []

  constructor(
    private readonly logs: ContractLogs,
    private readonly depth: number,
  ) {}

  /** The end of the range read ahead from `from`, when one is under way: the pass takes that range as it was asked. */
  queuedTo(from: bigint): bigint | undefined {
    const first = this.ahead[0]
    return first?.from === from ? first.to : undefined
  }

  /**
   * The logs of `from`..`to` of `addresses` and, unless `final`, that range's last block: the read
   * started ahead when it is that very range, else a new one (the reads ahead are dropped then).
   */
  take(chain: ChainClient, from: bigint, to: bigint, addresses: readonly Address[], final: boolean): RangeRead {
    const first = this.ahead[0]
    if (first && first.from === from && first.to === to && first.addresses.join() === addresses.join() && (first.end || final)) {
      this.ahead.shift()
      return first
    }
    void this.drop()
    return this.start(chain, from, to, addresses, final)
  }

  /**
   * Keeps up to `depth` ranges of `span` blocks read ahead, one after another from the block after
   * `after`, each of the `contracts` whose history has begun by its end, none past `head`; `final`
   * says which ranges need no last block. The caller starts them only in a backfill: at the head,
   * the next pass's range depends on the head it sees then.
   */
  readAhead(
    chain: ChainClient,
    contracts: readonly IndexedContract[],
    { after, span, head, final }: { after: bigint; span: bigint; head: bigint; final: (to: bigint) => boolean },
  ): void {
    if (this.ahead.length > 0 && this.ahead[0]!.from !== after + 1n) void this.drop()
    let from = (this.ahead.at(-1)?.to ?? after) + 1n
    while (this.ahead.length < this.depth && from + span - 1n <= head) {
      const to = from + span - 1n
      const addresses = contracts.filter((contract) => contract.nextBlock <= to).map((contract) => contract.address)
      const read = this.start(chain, from, to, addresses, final(to))
      // A failure is met again by the pass that takes it (or dropped with it).
      void Promise.allSettled([read.logs, read.rows, read.end])
      this.ahead.push(read)
      from = to + 1n
    }
  }

  /** Drops the reads ahead (a range refused, a reorg rewound, a stop): the next pass asks again. Resolves once they have settled. */
  async drop(): Promise<void> {
    const dropped = this.ahead
    this.ahead = []
    await Promise.allSettled(dropped.flatMap((read) => [read.logs, read.rows, read.end]))
  }

  /**
   * A range's read. Its logs are decoded a turn after they arrive: the pass waiting for them has
   * its count and blocks first and sends the reads after it (readAhead) before the decoding
   * (tens of ms a range) holds the thread, so the node works on those meanwhile.
   */
  private start(chain: ChainClient, from: bigint, to: bigint, addresses: readonly Address[], final: boolean): RangeRead {
    const read = readLogs(chain, this.logs.filtersOf(addresses), from, to)
    const logs = read.then(logBlocksOf)
    const rows = read.then(async (logs) => {
      await new Promise(setImmediate)
      return eventRows(chain.chainId, this.logs.decode(logs))
    })
    // A failed read is met through `logs`.
    rows.catch(() => undefined)
    return { from, to, addresses, logs, rows, ...(!final && { end: readBlock(chain, to) }) }
  }
}
