import type { Address } from 'viem'
import type { ChainRegistry, RegisteredVault } from './loadRegistry.js'

/** What the check withholds: an entry wherever it serves, or with `vault`, a zap from that vault only. */
export interface Withholding {
  address: Address
  reason: string
  vault?: Address
}

/**
 * Takes an entry out of service on its chain. A whole entry goes wherever it serves: a vault (with
 * its strategy), a strategy (with its vault), a reward pool, a token (and its pair), a zap (from
 * every vault). With `vault`, only that vault's use of the zap goes. What reads the registry
 * afterwards no longer finds it; `withheldReason` says why, so a request for it can say so too.
 */
export function withhold(registry: ChainRegistry, { address, reason, vault: only }: Withholding): void {
  registry.withheld.set(withheldKey(address, only), reason)
  const dropZap = (vault: RegisteredVault | undefined) => {
    if (vault?.zaps?.some((zap) => zap.address === address)) vault.zaps = vault.zaps.filter((zap) => zap.address !== address)
  }
  if (only) {
    dropZap(registry.vaults.get(only))
    return
  }
  const vault = registry.vaults.get(address) ?? registry.strategies.get(address)
  if (vault) {
    registry.vaults.delete(vault.address)
    if (vault.strategy) registry.strategies.delete(vault.strategy)
    for (const served of [vault.address, vault.strategy]) if (served && served !== address) registry.withheld.set(served, reason)
  }
  registry.rewardPools.delete(address)
  registry.tokens.delete(address)
  registry.lpPairs.delete(address)
  for (const served of registry.vaults.values()) dropZap(served)
}

/** Why the entry at `address` (with `vault`, that vault's zap) was withheld; undefined when it was not. */
export function withheldReason(registry: ChainRegistry, address: Address, vault?: Address): string | undefined {
  return registry.withheld.get(withheldKey(address, vault)) ?? (vault ? registry.withheld.get(address) : undefined)
}

function withheldKey(address: Address, vault: Address | undefined): string {
  return vault ? `${address} for ${vault}` : address
}
