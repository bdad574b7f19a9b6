import { beefyVaultAdapter } from './beefy-vault/index.js'
import { erc4626VaultAdapter } from './erc4626/index.js'
import { KNOWN_MASTERCHEF_FUNCTIONS, masterChefAdapter, SUSHISWAP_FUNCTIONS } from './masterchef/index.js'
import { multiRewardsAdapter } from './multi-rewards/index.js'
import { referencePoolAdapter, type RewardPoolAdapter } from './reward-pool/index.js'
import { stakingRewardsAdapter } from './staking-rewards/index.js'
import type { VaultAdapter } from './vault/index.js'

// The family choosers, above every family: the interfaces (vault/, reward-pool/) know no family.

const adapters: Record<string, VaultAdapter> = {
  beefy: beefyVaultAdapter,
  erc4626: erc4626VaultAdapter,
}

/** Every vault family, in the order `registry discover` tries them. */
export const vaultAdapters: readonly VaultAdapter[] = Object.values(adapters)

/** The adapter of a registered vault family (`kind` in the registry). */
export function vaultAdapterFor(kind: string): VaultAdapter {
  const adapter = adapters[kind]
  if (!adapter) throw new Error(`no vault adapter for kind ${kind}`)
  return adapter
}

/** What of a registry entry chooses and configures its adapter (the entry itself fits). */
export interface RewardPoolFamily {
  kind?: 'reference' | 'masterchef' | 'staking-rewards' | 'multi-rewards' | undefined
  pendingFunction?: string | undefined
  rewardTokenFunction?: string | undefined
  rewardPerBlockFunction?: string | undefined
}

/**
 * The families `registry discover` tries on a pool, in order, as registry entries would name them.
 * The order settles what two families both answer: a MultiRewards list read (`stakingToken`,
 * `rewardTokens(i)`) also answers on a StakingRewards, which goes first. SushiSwap's MasterChef
 * needs no function names; the forks' are given.
 */
export const rewardPoolFamilies: readonly RewardPoolFamily[] = [
  { kind: 'reference' },
  ...KNOWN_MASTERCHEF_FUNCTIONS.map((names) => (names === SUSHISWAP_FUNCTIONS ? { kind: 'masterchef' as const } : { kind: 'masterchef' as const, ...names })),
  { kind: 'staking-rewards' },
  { kind: 'multi-rewards' },
]

const chefs = new Map<string, RewardPoolAdapter>()

/** The adapter of a registered reward pool: its `kind` (`reference` when absent), a MasterChef with its function names. */
export function rewardPoolAdapterFor(entry: RewardPoolFamily): RewardPoolAdapter {
  switch (entry.kind ?? 'reference') {
    case 'reference':
      return referencePoolAdapter
    case 'staking-rewards':
      return stakingRewardsAdapter
    case 'multi-rewards':
      return multiRewardsAdapter
    case 'masterchef': {
      const names = {
        pendingFunction: entry.pendingFunction ?? SUSHISWAP_FUNCTIONS.pendingFunction,
        rewardTokenFunction: entry.rewardTokenFunction ?? SUSHISWAP_FUNCTIONS.rewardTokenFunction,
        rewardPerBlockFunction: entry.rewardPerBlockFunction ?? SUSHISWAP_FUNCTIONS.rewardPerBlockFunction,
      }
      // One adapter per set of names: the state pass asks for it once per pool per block.
      const key = JSON.stringify(names)
      const known = chefs.get(key)
      if (known) return known
      const adapter = masterChefAdapter(names)
      chefs.set(key, adapter)
      return adapter
    }
  }
}
