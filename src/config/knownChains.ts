import type { Address } from 'viem'

/** What the service knows of a chain before it has read anything from it. */
export interface ChainProfile {
  name: string
  /** The native coin's symbol. */
  nativeSymbol: string
  /** The wrapped native token: harvest call rewards, native zaps (WRAPPED_NATIVE_<id> overrides it). */
  wrappedNative: Address
  /** Multicall3, at the same address on every chain that has it. */
  multicall3: Address
  /** Seconds per block, a stand-in until the chain's own block time is measured (BLOCK_TIME_<id> overrides both). */
  blockTimeSeconds: number
  /** Where that figure comes from. */
  blockTimeSource: string
  /** Blocks after which a block is taken as final (ponder's depths: 65 on Ethereum, 200 on Polygon, 240 on Arbitrum, 30 elsewhere). */
  finalityDepth: number
}

/** Blocks after which a block of a chain without a profile (or a FINALITY_DEPTH_<id>) is taken as final: ponder's default. */
export const DEFAULT_FINALITY_DEPTH = 30

/** The finality depth of a configured chain: its own setting, else its profile's, else DEFAULT_FINALITY_DEPTH. */
export function finalityDepthOf(config: { chainId: number; finalityDepth?: number }): number {
  return config.finalityDepth ?? knownChains[config.chainId]?.finalityDepth ?? DEFAULT_FINALITY_DEPTH
}

const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/**
 * The chains the service knows, as of late 2026: with one of them, a deployment needs only
 * `RPC_URLS_<id>` and `REGISTRY_FILE`. An unknown chain works too, given WRAPPED_NATIVE_<id>; its
 * block time is then measured before any APR is given.
 */
export const knownChains: Record<number, ChainProfile> = {
  1: {
    name: 'Ethereum',
    nativeSymbol: 'ETH',
    wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    multicall3: MULTICALL3,
    blockTimeSeconds: 12,
    blockTimeSource: '12 s slots since the Merge',
    finalityDepth: 65,
  },
  56: {
    name: 'BNB Smart Chain',
    nativeSymbol: 'BNB',
    wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
    multicall3: MULTICALL3,
    blockTimeSeconds: 0.45,
    blockTimeSource: 'the Fermi hard fork (BEP-619, 2026-01-14); 3 s until April 2025, then 1.5 s and 0.75 s',
    finalityDepth: 30,
  },
  43114: {
    name: 'Avalanche C-Chain',
    nativeSymbol: 'AVAX',
    wrappedNative: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
    multicall3: MULTICALL3,
    blockTimeSeconds: 2,
    blockTimeSource: 'about 2 s; its minimum delay is set by the validators since Granite (ACP-226): measure it',
    finalityDepth: 30,
  },
  42161: {
    name: 'Arbitrum One',
    nativeSymbol: 'ETH',
    wrappedNative: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    multicall3: MULTICALL3,
    blockTimeSeconds: 0.25,
    blockTimeSource: "the sequencer's 250 ms blocks",
    finalityDepth: 240,
  },
  8453: {
    name: 'Base',
    nativeSymbol: 'ETH',
    wrappedNative: '0x4200000000000000000000000000000000000006',
    multicall3: MULTICALL3,
    blockTimeSeconds: 2,
    blockTimeSource: "the OP Stack's 2 s blocks",
    finalityDepth: 30,
  },
  10: {
    name: 'OP Mainnet',
    nativeSymbol: 'ETH',
    wrappedNative: '0x4200000000000000000000000000000000000006',
    multicall3: MULTICALL3,
    blockTimeSeconds: 2,
    blockTimeSource: "the OP Stack's 2 s blocks",
    finalityDepth: 30,
  },
  137: {
    name: 'Polygon PoS',
    nativeSymbol: 'POL',
    wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
    multicall3: MULTICALL3,
    blockTimeSeconds: 2,
    blockTimeSource: 'about 2 s blocks',
    finalityDepth: 200,
  },
}
