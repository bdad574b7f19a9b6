import type { ChainClient, FactCache } from './chain/index.js'
import type { ChainSnapshot } from './chain-state/index.js'
import type { Config } from './config/index.js'
import { unsupportedChain } from './errors/index.js'
import type { ChainRegistry, Registry } from './registry/index.js'

/** What the service functions need: built once in main.ts and passed down. */
export interface ServiceContext {
  config: Config
  chains: Map<number, ChainClient>
  registry: Registry
  /** Immutable on-chain facts read once (staking tokens of a reward pool, ...). */
  facts: FactCache
  /** The latest snapshot of each chain, when a refresher keeps them; aggregates read them instead of the chain. */
  snapshots?: { latest(chainId: number): ChainSnapshot | undefined }
}

/** The client and registry of a configured chain; 400 UNSUPPORTED_CHAIN otherwise. */
export function chainFor(ctx: ServiceContext, chainId: number, path: string): { chain: ChainClient; registry: ChainRegistry } {
  const chain = ctx.chains.get(chainId)
  const registry = ctx.registry.chains.get(chainId)
  if (!chain || !registry) throw unsupportedChain(chainId, [...ctx.chains.keys()], path)
  return { chain, registry }
}
