import type { Address } from 'viem'
import { notRegistered, type ChainContext } from '../answer-state/index.js'
import { notFound } from '../errors/index.js'
import { vaultAdapterFor, type VaultAdapter } from '../protocols/index.js'
import type { ChainRegistry, RegisteredVault } from '../registry/index.js'
import type { ChainClient } from '../chain/index.js'

/** A registered vault with what serves it: its chain client, registry and family adapter. */
export interface VaultTarget {
  chain: ChainClient
  registry: ChainRegistry
  vault: RegisteredVault
  adapter: VaultAdapter
}

/** The vault at `address` on the context's chain; 404 for an unknown vault. */
export function resolveVault(ctx: ChainContext, vaultAddress: Address): VaultTarget {
  const { chain, registry } = ctx
  const vault = registry.vaults.get(vaultAddress)
  if (!vault) throw notRegistered(ctx, { code: 'VAULT_NOT_FOUND', what: 'vault', address: vaultAddress, in: (other) => other.vaults.has(vaultAddress) })
  return { chain, registry, vault, adapter: vaultAdapterFor(vault.kind) }
}

/** The strategy at `address` on `chainId` and the vault it serves; 404 when not registered (naming the strategy when `address` is a vault's). */
export function resolveStrategy(ctx: ChainContext, strategy: Address): VaultTarget & { strategy: Address } {
  const { chain, registry, chainId } = ctx
  const vault = registry.strategies.get(strategy)
  if (!vault) {
    // A vault's address where its strategy's was meant: the commonest mix-up, and the registry knows the answer.
    const meant = registry.vaults.get(strategy)
    if (meant)
      throw notFound(
        'STRATEGY_NOT_FOUND',
        meant.strategy
          ? `${strategy} is a vault on chain ${chainId}, not a strategy: its strategy is ${meant.strategy}; send that address`
          : `${strategy} is a vault on chain ${chainId}, not a strategy, and the registry names no strategy for it`,
        { chainId, ...(meant.strategy && { strategy: meant.strategy }) },
      )
    throw notRegistered(ctx, { code: 'STRATEGY_NOT_FOUND', what: 'strategy', address: strategy, in: (other) => other.strategies.has(strategy) })
  }
  return { chain, registry, vault, adapter: vaultAdapterFor(vault.kind), strategy }
}
