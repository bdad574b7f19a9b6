/**
 * The answers a `snapshot` event names when they changed: a chain's aggregate reads, as a client
 * asks them (the ETag is that of these exact URLs), and the total TVL of every chain.
 */
export function answerPaths(chainId: number): string[] {
  return [
    `/vaults?chain=${chainId}`,
    `/fees?chain=${chainId}`,
    `/harvestable?chain=${chainId}`,
    `/v2/pools?chain=${chainId}`,
    `/tokens?chain=${chainId}`,
    `/prices?chain=${chainId}`,
    '/tvl?platform=all',
  ]
}

/** The answer that lists a user's actions on a chain (what a `user` event adds to). */
export function userHistoryPath(chainId: number, address: string): string {
  return `/users/${address}/history?chain=${chainId}`
}

/** The answer that lists a vault's harvests (what a `harvest` event adds to). */
export function harvestsPath(chainId: number, vault: string): string {
  return `/vaults/${vault}/harvests?chain=${chainId}`
}
