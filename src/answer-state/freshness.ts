import type { PricedState } from '../pricing/index.js'

/** How fresh an aggregate answer is: the block of each chain it was built from, and the oldest read. */
export interface Freshness {
  blocks: Record<number, bigint>
  /** When the oldest chain state behind the answer was read, ms since the epoch. */
  takenAt: number
  /** Several chains (`x-block-numbers`) or one (`x-block-number`). */
  multiChain: boolean
}

/** The freshness of an answer built from these priced states. */
export function freshnessOf(states: readonly PricedState[], multiChain = states.length > 1): Freshness {
  return {
    blocks: Object.fromEntries(states.map((priced) => [priced.state.chainId, priced.state.blockNumber])),
    takenAt: Math.min(...states.map((priced) => priced.takenAt), Date.now()),
    multiChain,
  }
}
