import type { Address } from 'viem'
import { lpPairName } from '../chain-snapshot/index.js'
import { priceEntry, type PricedState } from '../pricing/index.js'
import type { TokenMetadata } from '../schema/index.js'

/**
 * U3: every registered token of a chain with image, name, symbol and decimals, the registry's
 * values first, then for a registered LP pair its pair's name ("A-B LP") as name and symbol, then
 * the chain's (string or bytes32) where it leaves them out. A token whose
 * metadata neither gives is left out and named in `omitted`, never filled with blanks. Each
 * carries its price at the state's block, as `/prices` gives it.
 */
export function tokenMetadata(priced: PricedState): { tokens: Record<Address, TokenMetadata>; omitted: Address[] } {
  const { registry, state } = priced
  const chainTokens = state.tokens
  const tokens: Record<Address, TokenMetadata> = {}
  const omitted: Address[] = []
  for (const entry of registry.tokens.values()) {
    const chain = chainTokens.get(entry.address)
    // An LP pair goes by its pair ("WBNB-YLD LP"): on chain every V2 pair is "Uniswap V2" / "UNI-V2".
    const pair = lpPairName(registry, chainTokens, entry.address)
    const name = entry.name ?? pair ?? chain?.name
    const symbol = entry.symbol ?? pair ?? chain?.symbol
    const decimals = entry.decimals ?? chain?.decimals
    if (name === undefined || symbol === undefined || decimals === undefined) omitted.push(entry.address)
    else tokens[entry.address] = { image: entry.image ?? '', name, symbol, decimals, ...priceEntry(priced, entry.address) }
  }
  return { tokens, omitted }
}
