import { buildRegistry, type ChainRegistry, type ChainRegistryFile } from '../registry/index.js'

/** A discovered chain's file as the service loads it: validated and indexed, as its only chain. */
export function discoveredChain(chainId: number, file: ChainRegistryFile): ChainRegistry {
  return buildRegistry({ chains: { [String(chainId)]: file } }, 'discovered registry').chains.get(chainId)!
}
