import type { Logger } from 'pino'
import type { Address } from 'viem'
import type { IndexedContract } from '../store/index.js'

/** How far a chain's index is. */
export interface IndexProgress {
  chainId: number
  /** Every followed contract's events are stored through this block; undefined before the first pass. */
  indexedBlock: bigint | undefined
  /** The head last seen. */
  head: bigint | undefined
  /** Share of the blocks from the earliest followed contract's first block to the head that are indexed, 0 to 1. */
  backfill: number
  /** Each followed contract's events are stored through this block. */
  contracts: Map<Address, bigint>
  /** The chain's lookups are built (after its event backfill): until then no answer reads its events. */
  indexesBuilt: boolean
}

/** The progress of an index whose contracts stand as `contracts` with the chain's head at `head`. */
export function progressOf(chainId: number, contracts: readonly IndexedContract[], head: bigint | undefined, indexesBuilt: boolean): IndexProgress {
  const next = lowestNext(contracts)
  const indexedBlock = next === undefined ? undefined : next - 1n
  const from = contracts.reduce((lowest, contract) => (contract.fromBlock < lowest ? contract.fromBlock : lowest), indexedBlock ?? 0n)
  const backfill =
    indexedBlock === undefined || head === undefined
      ? 0
      : head <= from
        ? 1
        : Math.max(0, Math.min(1, Number(indexedBlock - from + 1n) / Number(head - from + 1n)))
  return {
    chainId,
    indexedBlock,
    head,
    backfill,
    contracts: new Map(contracts.map((contract) => [contract.address, contract.nextBlock - 1n])),
    indexesBuilt,
  }
}

/** The lowest next block to read among `contracts`; undefined when there are none. */
export function lowestNext(contracts: readonly IndexedContract[]): bigint | undefined {
  return contracts.reduce<bigint | undefined>(
    (lowest, contract) => (lowest === undefined || contract.nextBlock < lowest ? contract.nextBlock : lowest),
    undefined,
  )
}

/** Why an answer does not read a chain's index yet: its event backfill runs, or its lookups are being built after it. */
export function beingBuilt(progress: IndexProgress): string {
  return progress.backfill < 1
    ? `the event index of chain ${progress.chainId} is still being built (event backfill ${(progress.backfill * 100).toFixed(1)} %, then its lookups)`
    : `the event index of chain ${progress.chainId} is still being built (its lookups, after the event backfill)`
}

/** How often an event backfill writes its progress line, ms. */
const PROGRESS_LINE_EVERY_MS = 5_000

/** The lines a chain's event backfill writes: one every few seconds while it runs, and one when it is done. */
export class ProgressLine {
  private writtenAt = 0

  constructor(
    private readonly chainId: number,
    private readonly log: Logger,
  ) {}

  /** The index moved from `previous` to `current`. */
  after(previous: IndexProgress, current: IndexProgress): void {
    const { indexedBlock, head, backfill } = current
    if (indexedBlock === undefined || head === undefined) return
    const now = Date.now()
    const caughtUp = head - indexedBlock <= 1n
    if (caughtUp && previous.indexedBlock !== undefined && previous.head !== undefined && previous.head - previous.indexedBlock > 1n) {
      this.log.info(`index of chain ${this.chainId}: event backfill done at block ${indexedBlock}`)
      return
    }
    if (caughtUp || now - this.writtenAt < PROGRESS_LINE_EVERY_MS) return
    this.writtenAt = now
    this.log.info(`index of chain ${this.chainId}: event backfill ${(backfill * 100).toFixed(1)} % (block ${indexedBlock} of ${head})`)
  }
}
