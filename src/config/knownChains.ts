import type { Address } from 'viem'

/**
 * Facts of the chains the interface names, used when a setting leaves them out. `blockTimeSeconds`
 * is only a stand-in until the chain's own block time has been measured, as of late 2026: Ethereum's
 * 12 s slots; BNB Smart Chain's 0.45 s since the Fermi hard fork (BEP-619, 2026-01-14; 3 s until
 * April 2025, then 1.5 s and 0.75 s); Avalanche C-Chain's about 2 s (its minimum delay is set by the
 * validators since Granite, ACP-226, so the measurement matters most there).
 */
export const knownChains: Record<number, { name: string; blockTimeSeconds: number; wrappedNative: Address }> = {
  1: { name: 'Ethereum', blockTimeSeconds: 12, wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
  56: { name: 'BNB Smart Chain', blockTimeSeconds: 0.45, wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c' },
  43114: { name: 'Avalanche C-Chain', blockTimeSeconds: 2, wrappedNative: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7' },
}
