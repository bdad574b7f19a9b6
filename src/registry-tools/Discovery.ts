import type { Address } from 'viem'
import type { ChainRegistryFile } from '../registry/index.js'

/** What `registry discover` could not settle: the entry (kind and address) and why. */
export interface Unresolved {
  entry: string
  reason: string
}

/** A price feed the caller names for a token; its heartbeat when known. */
export interface NamedFeed {
  token: Address
  feed: Address
  heartbeatSeconds?: number
}

/** The addresses discovery starts from. */
export interface DiscoverInput {
  vaults: Address[]
  pools: Address[]
  /** Tokens to list besides those the vaults and pools name (bridged tokens, zap inputs). */
  tokens: Address[]
  feeds: NamedFeed[]
  /** Uniswap V2 factories whose pairs between the tokens met are price routes too. */
  factories: Address[]
}

/** A chain's registry as the chain describes it, what could not be resolved, and the block it was read at. */
export interface Discovery {
  chainId: number
  registry: ChainRegistryFile
  unresolved: Unresolved[]
  blockNumber: bigint
}

/** A feed's heartbeat when the feeds file gives none: the shortest Chainlink publishes (ETH / USD on Ethereum), so a slower feed reads as stale rather than a stale one as fresh. */
export const DEFAULT_HEARTBEAT_SECONDS = 3_600
