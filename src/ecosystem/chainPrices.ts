import type { Address } from 'viem'
import { resolvePrices, type TokenPrice } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { ChainState } from './readChainState.js'

/** A chain's state with the USD price of every registered token and LP pair at that block. */
export interface PricedState {
  state: ChainState
  registry: ChainRegistry
  prices: Map<Address, TokenPrice>
  /** Decimals of a token: the registry's when it gives them, else the chain's. */
  decimals: (token: Address) => number | undefined
  /** When the state was read (ms since the epoch): the answer's age. */
  takenAt: number
  /** Ended pools' completedAPR (pool → pid → APR), when a snapshot carries them. */
  completedApr?: Record<Address, Record<string, string>>
}

/** Prices a chain state along the registry's routes. Pure: no RPC. */
export function chainPrices(
  registry: ChainRegistry,
  state: ChainState,
  snapshot: { takenAt: number; completedApr?: Record<Address, Record<string, string>> } = { takenAt: Date.now() },
): PricedState {
  const decimals = (token: Address) => registry.tokens.get(token)?.decimals ?? state.tokens.get(token)?.decimals
  const prices = resolvePrices(registry, { timestamp: state.timestamp, decimals, feeds: state.feeds, pairs: state.pairs })
  return { state, registry, prices, decimals, ...snapshot }
}
