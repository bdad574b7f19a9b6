import type { ChainSnapshot } from '../chain-snapshot/index.js'

/**
 * Where the latest snapshot of each chain lives for the API. `latest` is synchronous (a local
 * copy), so an aggregate request never waits on the chain, the store or Redis.
 */
export interface SnapshotCache {
  latest(chainId: number): ChainSnapshot | undefined
  /** Makes `snapshot` the latest of its chain, here and (when shared) for every replica. Older ones are ignored. */
  publish(snapshot: ChainSnapshot): Promise<void>
  /** Says the chain's latest snapshot (at `blockNumber`) is still current at `takenAt`, without sending it again. */
  confirm(chainId: number, blockNumber: bigint, takenAt: number): Promise<void>
  close(): Promise<void>
}

/** The cache of one process. */
export class MemorySnapshotCache implements SnapshotCache {
  protected readonly snapshots = new Map<number, ChainSnapshot>()

  latest(chainId: number): ChainSnapshot | undefined {
    return this.snapshots.get(chainId)
  }

  async publish(snapshot: ChainSnapshot): Promise<void> {
    this.keep(snapshot)
  }

  async confirm(chainId: number, blockNumber: bigint, takenAt: number): Promise<void> {
    this.confirmHere(chainId, blockNumber, takenAt)
  }

  /** Moves the local snapshot's `takenAt` forward when it is the one at `blockNumber`; false otherwise. */
  protected confirmHere(chainId: number, blockNumber: bigint, takenAt: number): boolean {
    const current = this.snapshots.get(chainId)
    if (!current || current.state.blockNumber !== blockNumber) return false
    if (current.takenAt < takenAt) this.snapshots.set(chainId, { ...current, takenAt })
    return true
  }

  /** Keeps `snapshot` unless a newer block of its chain is already here (and the chain did not go back to a shorter one since). */
  protected keep(snapshot: ChainSnapshot): boolean {
    const current = this.snapshots.get(snapshot.chainId)
    if (current && current.state.blockNumber > snapshot.state.blockNumber && !(snapshot.rewound && snapshot.takenAt > current.takenAt)) return false
    if (current && current.state.blockNumber === snapshot.state.blockNumber && current.takenAt >= snapshot.takenAt) return false
    this.snapshots.set(snapshot.chainId, snapshot)
    return true
  }

  async close(): Promise<void> {}
}
