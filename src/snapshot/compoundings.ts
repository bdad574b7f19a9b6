import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { Compoundings } from '../chain-snapshot/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { IndexStore } from '../store/index.js'
import { beingBuilt, type IndexProgress } from '../indexer/index.js'

/** The window of chain time whose harvests say how often a vault compounds, seconds: 30 days. */
export const COMPOUNDING_WINDOW_SECONDS = 30 * 86_400

/**
 * How often each registered strategy compounded over the 30 days of chain time before `block`:
 * its harvests that added want, over the span they were counted in (the 30 days, or less for a
 * vault younger than that, from the first event of the strategy or its vault). Strategies the
 * index does not hold through `block` are not counted; `notes` says why.
 *
 * Every snapshot asks this, so it costs one query for all strategies' harvests, through the
 * contract/action index; when a contract's history began is looked up once and kept in
 * `firstTimes` (an old block's events do not change; a reorg only replaces blocks near the head).
 */
export async function compoundingsAt(
  store: IndexStore,
  chainId: number,
  registry: ChainRegistry,
  progress: IndexProgress,
  block: BlockSample,
  firstTimes: Map<Address, number>,
): Promise<Compoundings> {
  const counts: Compoundings['counts'] = {}
  const notes: Compoundings['notes'] = {}
  const counted: { strategy: Address; vault: Address }[] = []
  if (!progress.indexesBuilt) {
    for (const strategy of registry.strategies.keys()) notes[strategy] = beingBuilt(progress)
    return { counts, notes }
  }
  for (const [strategy, vault] of registry.strategies) {
    const through = progress.contracts.get(strategy)
    if (through !== undefined && through >= block.blockNumber) counted.push({ strategy, vault: vault.address })
    else
      notes[strategy] =
        through === undefined
          ? 'the event index has not started on this strategy yet'
          : `the event index holds this strategy's harvests through block ${through}, not through block ${block.blockNumber}`
  }
  if (counted.length === 0) return { counts, notes }
  const fromTime = block.timestamp - COMPOUNDING_WINDOW_SECONDS
  const unknown = counted.flatMap(({ strategy, vault }) => [strategy, vault]).filter((contract) => !firstTimes.has(contract))
  const [harvests, found] = await Promise.all([
    store.harvestCounts(chainId, { strategies: counted.map(({ strategy }) => strategy), fromTime, toTime: block.timestamp, atBlock: block.blockNumber }),
    unknown.length > 0 ? store.firstEventTimes(chainId, unknown, block.blockNumber) : new Map<Address, number>(),
  ])
  for (const [contract, time] of found) firstTimes.set(contract, time)
  for (const { strategy, vault } of counted) {
    const known = [firstTimes.get(strategy), firstTimes.get(vault)].filter((time) => time !== undefined)
    const began = known.length > 0 ? Math.min(...known) : fromTime
    counts[strategy] = { harvests: harvests.get(strategy) ?? 0, spanSeconds: block.timestamp - Math.max(fromTime, began) }
  }
  return { counts, notes }
}
