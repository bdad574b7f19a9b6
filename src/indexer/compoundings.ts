import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import type { Compoundings } from '../chain-state/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { IndexStore } from '../store/index.js'
import type { IndexProgress } from './progress.js'

/** The window of chain time whose harvests say how often a vault compounds, seconds: 30 days. */
export const COMPOUNDING_WINDOW_SECONDS = 30 * 86_400

/**
 * How often each registered strategy compounded over the 30 days of chain time before `block`:
 * its harvests that added want, over the span they were counted in (the 30 days, or less for a
 * vault younger than that, from its first event). Strategies the index does not hold through
 * `block` are not counted; `notes` says why.
 */
export async function compoundingsAt(
  store: IndexStore,
  chainId: number,
  registry: ChainRegistry,
  progress: IndexProgress,
  block: BlockSample,
): Promise<{ counts: Compoundings['counts']; notes: Compoundings['notes'] }> {
  const counts: Compoundings['counts'] = {}
  const notes: Record<Address, string> = {}
  const fromTime = block.timestamp - COMPOUNDING_WINDOW_SECONDS
  await Promise.all(
    [...registry.strategies].map(async ([strategy, vault]) => {
      const through = progress.contracts.get(strategy)
      if (through === undefined || through < block.blockNumber) {
        notes[strategy] =
          through === undefined
            ? 'the event index has not started on this strategy yet'
            : `the event index holds this strategy's harvests through block ${through}, not through block ${block.blockNumber}`
        return
      }
      const { count, firstTime } = await store.harvestsBetween(chainId, {
        strategy,
        vault: vault.address,
        fromTime,
        toTime: block.timestamp,
        atBlock: block.blockNumber,
      })
      counts[strategy] = { harvests: count, spanSeconds: block.timestamp - Math.max(fromTime, firstTime ?? fromTime) }
    }),
  )
  return { counts, notes }
}
