import type { Logger } from 'pino'
import { blockTimeOf } from '../block-time/index.js'
import type { ChainClient } from '../chain/index.js'
import { finalityDepthOf, type ChainConfig } from '../config/index.js'
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
  /** How often a caught-up indexer looks for a new block at most, ms; a fast chain's indexer looks more often (headPollMs). */
  pollIntervalMs: number
  maxRangeBlocks: number
  log: Logger
  /** The index of `chainId` replaced the blocks after `ancestor`. */
  onReorg?: (chainId: number, ancestor: bigint) => void
}

/** The shortest wait between two looks at the head, ms: a node asked more often only answers the same head. */
const MIN_HEAD_POLL_MS = 50

/**
 * How often the indexer of a chain looks for a new block once caught up: three times a block (its
 * BLOCK_TIME_<id>, else the known chain's usual block time), at most every `pollIntervalMs`. A new
 * block's logs are then indexed within a block time: on BNB Smart Chain (0.45 s), every 150 ms.
 */
export function headPollMs(chain: Pick<ChainConfig, 'chainId' | 'blockTimeSeconds'>, pollIntervalMs: number): number {
  const blockTime = blockTimeOf(chain, undefined)
  if (!blockTime) return pollIntervalMs
  return Math.max(MIN_HEAD_POLL_MS, Math.min(pollIntervalMs, Math.round((blockTime.seconds * 1000) / 3)))
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
          pollIntervalMs: headPollMs(chain.config, deps.pollIntervalMs),
          maxRangeBlocks: BigInt(deps.maxRangeBlocks),
          finalityDepth: BigInt(finalityDepthOf(chain.config)),
          log: deps.log,
          ...(deps.onReorg && { onReorg: (_depth: bigint, ancestor: bigint) => deps.onReorg!(chainId, ancestor) }),
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
