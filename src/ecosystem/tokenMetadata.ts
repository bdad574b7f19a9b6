import type { Address } from 'viem'
import type { TokenFacts } from '../chain-state/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { TokenMetadata } from '../schema/index.js'

/**
 * U3: every registered token of a chain with image, name, symbol and decimals, the registry's
 * values first and the chain's (string or bytes32) where it leaves them out. A token whose
 * metadata neither gives is left out and named in `omitted`, never filled with blanks.
 */
export function tokenMetadata(registry: ChainRegistry, chainTokens: Map<Address, TokenFacts>): { tokens: Record<Address, TokenMetadata>; omitted: Address[] } {
  const tokens: Record<Address, TokenMetadata> = {}
  const omitted: Address[] = []
  for (const entry of registry.tokens.values()) {
    const chain = chainTokens.get(entry.address)
    const name = entry.name ?? chain?.name
    const symbol = entry.symbol ?? chain?.symbol
    const decimals = entry.decimals ?? chain?.decimals
    if (name === undefined || symbol === undefined || decimals === undefined) omitted.push(entry.address)
    else tokens[entry.address] = { image: entry.image ?? '', name, symbol, decimals }
  }
  return { tokens, omitted }
}
