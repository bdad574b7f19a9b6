import type { Address, Hex } from 'viem'

/** What the devnet deployed on one chain. Extends the format of CONTRACTS.md additively. */
export type DevnetChainManifest = {
  chainId: number
  rpcUrl: string
  /** Dev accounts (anvil's default mnemonic, first 10), each funded with every token. */
  accounts: { address: Address; privateKey: Hex }[]
  /** Every ERC20 by symbol, wrapped native and stables included, LP tokens excluded. */
  tokens: Record<string, Address>
  wrappedNative: Address
  multicall3: Address
  uniswap: { factory: Address; router: Address }
  /** Chainlink-style feeds in USD; heartbeat in seconds. */
  feeds: { address: Address; token: Address; decimals: number; heartbeat: number }[]
  pairs: { address: Address; token0: Address; token1: Address }[]
  vaults: {
    address: Address
    kind: 'beefy' | 'erc4626'
    want: Address
    strategy?: Address
    zap?: Address
    zapTokenIn?: Address
  }[]
  rewardPools: {
    address: Address
    pids: number[]
    rewardVault: Address
    rewardTokens: Address[]
    stakingTokens: Address[]
  }[]
  /** The pair addresses. */
  lpTokens: Address[]
  bridges: Address[]
  bridgeTokens: { bridge: Address; token: Address; ticker: string }[]
}

/** The whole devnet, keyed by chain id as a string (JSON object keys). */
export type DevnetManifest = { chains: Record<string, DevnetChainManifest> }
