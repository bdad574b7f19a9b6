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
}

/** The progress of an index whose contracts stand as `contracts` with the chain's head at `head`. */
export function progressOf(chainId: number, contracts: readonly IndexedContract[], head: bigint | undefined): IndexProgress {
  const next = lowestNext(contracts)
  const indexedBlock = next === undefined ? undefined : next - 1n
  const from = contracts.reduce((lowest, contract) => (contract.fromBlock < lowest ? contract.fromBlock : lowest), indexedBlock ?? 0n)
  const backfill =
    indexedBlock === undefined || head === undefined
      ? 0
      : head <= from
        ? 1
        : Math.max(0, Math.min(1, Number(indexedBlock - from + 1n) / Number(head - from + 1n)))
  return { chainId, indexedBlock, head, backfill, contracts: new Map(contracts.map((contract) => [contract.address, contract.nextBlock - 1n])) }
}

/** The lowest next block to read among `contracts`; undefined when there are none. */
export function lowestNext(contracts: readonly IndexedContract[]): bigint | undefined {
  return contracts.reduce<bigint | undefined>(
    (lowest, contract) => (lowest === undefined || contract.nextBlock < lowest ? contract.nextBlock : lowest),
    undefined,
  )
}
