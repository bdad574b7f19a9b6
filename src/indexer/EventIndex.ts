import type { Logger } from 'pino'
import type { ChainClient } from '../chain/index.js'
import { finalityDepthOf } from '../config/index.js'
import type { Registry } from '../registry/index.js'
import type { IndexStore } from '../store/index.js'
import { ChainIndexer } from './ChainIndexer.js'
import type { IndexProgress } from './progress.js'
import { followedContracts } from './followedContracts.js'

export interface EventIndexDeps {
  chains: Map<number, ChainClient>
  registry: Registry
  store: IndexStore
  /** Names this process in each chain's lease. */
  owner: string
  leaseTtlMs: number
  pollIntervalMs: number
  maxRangeBlocks: number
  log: Logger
  onReorg?: (chainId: number) => void
}

/** The event index of every configured chain: one ChainIndexer each, writing what it reads into the store (snapshot/IndexReader reads it back). */
export class EventIndex {
  private readonly indexers = new Map<number, ChainIndexer>()

  constructor(deps: EventIndexDeps) {
    for (const [chainId, chain] of deps.chains) {
      const registry = deps.registry.chains.get(chainId)
      if (!registry) continue
      this.indexers.set(
        chainId,
        new ChainIndexer({
          chain,
          contracts: followedContracts(registry),
          store: deps.store,
          owner: deps.owner,
          leaseTtlMs: deps.leaseTtlMs,
          pollIntervalMs: deps.pollIntervalMs,
          maxRangeBlocks: BigInt(deps.maxRangeBlocks),
          finalityDepth: BigInt(finalityDepthOf(chain.config)),
          log: deps.log,
          ...(deps.onReorg && { onReorg: () => deps.onReorg!(chainId) }),
        }),
      )
    }
  }

  start(): void {
    for (const indexer of this.indexers.values()) indexer.start()
  }

  async stop(): Promise<void> {
    await Promise.all([...this.indexers.values()].map((indexer) => indexer.stop()))
  }

  /** ChainIndexer.reach on `chainId`'s indexer; false for a chain without one. */
  reach(chainId: number, block: bigint, timeoutMs: number): Promise<boolean> {
    return this.indexers.get(chainId)?.reach(block, timeoutMs) ?? Promise.resolve(false)
  }

  progress(chainId: number): IndexProgress | undefined {
    return this.indexers.get(chainId)?.progress
  }

  /** False while `chainId`'s passes fail (and for a chain without an indexer). */
  healthy(chainId: number): boolean {
    return this.indexers.get(chainId)?.healthy ?? false
  }
}
