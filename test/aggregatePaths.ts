import { devnetChain } from './devnet.js'

/**
 * A URL of every aggregate read on devnet chain `chainId`, as a client would ask it: each is
 * answered from bytes kept per snapshot (the history reads need a store).
 */
export function aggregatePaths(chainId: number): string[] {
  const chain = devnetChain(chainId)
  const pool = chain.rewardPools[0]!
  return [
    '/tvl?platform=all',
    `/v2/pools?chain=${chainId}`,
    '/bridges',
    `/tvl/pool/${pool.address}?chain=${chainId}`,
    `/tokens/${pool.stakingTokens[0]}/staked?chain=${chainId}`,
    `/lp?lptoken=${chain.pairs[0]!.address}&amount=1000000000000000000&chain=${chainId}`,
    `/tokens?chain=${chainId}`,
    '/tvl/history?platform=all',
    `/v2/pools/${pool.address}/apr-history?chain=${chainId}`,
    `/harvestable?chain=${chainId}`,
    `/vaults?chain=${chainId}`,
    `/fees?chain=${chainId}`,
    `/vaults/${chain.vaults[0]!.address}/apy-history?chain=${chainId}`,
  ]
}
