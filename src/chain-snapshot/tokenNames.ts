import type { Address } from 'viem'
import type { ChainRegistry } from '../registry/index.js'
import type { TokenFacts } from './ChainState.js'

/**
 * "A-B LP" for a registered LP pair whose two tokens' symbols are known (the registry's, else the
 * chain's), as a person knows the pair; undefined for any other address. Every V2 pair calls
 * itself "Uniswap V2" / "UNI-V2" on chain, which tells one pair from another not at all.
 */
export function lpPairName(registry: ChainRegistry, tokens: ReadonlyMap<Address, TokenFacts>, pair: Address): string | undefined {
  const entry = registry.lpPairs.get(pair)
  if (!entry) return undefined
  const [symbol0, symbol1] = [symbolOf(registry, tokens, entry.token0), symbolOf(registry, tokens, entry.token1)]
  return symbol0 === undefined || symbol1 === undefined ? undefined : `${symbol0}-${symbol1} LP`
}

/** A token's symbol: the registry's, else the one it answered on chain. */
export function symbolOf(registry: ChainRegistry, tokens: ReadonlyMap<Address, TokenFacts>, token: Address): string | undefined {
  return registry.tokens.get(token)?.symbol ?? tokens.get(token)?.symbol
}
