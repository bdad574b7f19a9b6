import { requestScope, type ChainClient } from '../chain/index.js'
import type { ChainSnapshot, HarvestCosts } from '../chain-snapshot/index.js'
import { readHarvestCosts } from '../chain-state/index.js'
import type { Registry } from '../registry/index.js'
import type { Outages } from './Outages.js'
import { entryOf } from '../keyed/index.js'

/** Harvest costs (gas price, harvest gas, each strategy's fees) are read again once they are this many blocks old. */
const HARVEST_COSTS_EVERY_BLOCKS = 10n

/**
 * Each chain's harvest costs, read off the snapshots' path. A gas price, a harvest's gas and a
 * strategy's fees hardly move block to block, and reading them costs an estimate per strategy: a
 * snapshot carries the newest costs read (waiting for them only when none were ever read, a
 * chain's first snapshot), and once a served snapshot's costs are HARVEST_COSTS_EVERY_BLOCKS old
 * they are read again between blocks, for the snapshots after it. A failed read keeps the old
 * ones and is tried again after the next snapshot.
 */
export class HarvestCostKeeper {
  /** Per chain, the costs read last by this keeper. */
  private readonly newest = new Map<number, HarvestCosts>()
  /** Per chain, a read in flight. */
  private readonly flights = new Map<number, Promise<void>>()

  constructor(
    private readonly deps: {
      registry: Registry
      outages: Outages
      /** The node calls' budget of a read between blocks, ms (a snapshot's own, the lock's). */
      budgetMs: number
    },
  ) {}

  /** The costs a snapshot of `chain` carries: the newest of `previous`'s and this keeper's, else read now; undefined without strategies or when the read fails. Never throws. */
  async of(chain: ChainClient, previous: ChainSnapshot | undefined): Promise<HarvestCosts | undefined> {
    if (!this.weighs(chain.chainId)) return undefined
    const known = this.newestOf(chain.chainId, previous)
    if (known) return known
    await this.start(chain)
    return this.newest.get(chain.chainId)
  }

  /** Reads `chain`'s costs again, off any snapshot's path and within a budget of its own, when those `served` carries are due (or missing); one read at a time. */
  refreshDue(chain: ChainClient, served: ChainSnapshot): void {
    if (!this.weighs(chain.chainId)) return
    const known = this.newestOf(chain.chainId, served)
    if (known && served.state.blockNumber - known.blockNumber < HARVEST_COSTS_EVERY_BLOCKS) return
    void this.start(chain.within(requestScope(this.deps.budgetMs)))
  }

  /** Resolves once the reads in flight are done. */
  async settled(): Promise<void> {
    await Promise.all([...this.flights.values()])
  }

  /** Whether the chain has strategies whose harvests are weighed: a chain without has no costs to read. */
  private weighs(chainId: number): boolean {
    return this.deps.registry.chains.get(chainId)!.strategies.size > 0
  }

  private newestOf(chainId: number, snapshot: ChainSnapshot | undefined): HarvestCosts | undefined {
    const [kept, read] = [snapshot?.harvest, this.newest.get(chainId)]
    if (!kept || !read) return kept ?? read
    return read.blockNumber > kept.blockNumber ? read : kept
  }

  /** The read of `chain`'s costs in flight, started when there is none. */
  private start(chain: ChainClient): Promise<void> {
    const { chainId } = chain
    return entryOf(this.flights, chainId, () => this.read(chain).finally(() => this.flights.delete(chainId)))
  }

  private async read(chain: ChainClient): Promise<void> {
    const what = `harvest costs of chain ${chain.chainId}`
    try {
      this.newest.set(chain.chainId, await readHarvestCosts(chain, this.deps.registry.chains.get(chain.chainId)!))
      this.deps.outages.recovered(what)
    } catch (error) {
      this.deps.outages.failed(what, error)
    }
  }
}
