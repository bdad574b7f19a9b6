import { getAddress, type Address } from 'viem'
import { chainFor, type ServiceContext } from '../context.js'
import { AppError } from '../errors/index.js'
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

/** The vault at `address` on `chainId`; 400 for a chain not configured, 404 for an unknown vault. */
export function resolveVault(ctx: ServiceContext, chainId: number, address: string): VaultTarget {
  const { chain, registry } = chainFor(ctx, chainId, '/body/chainId')
  const vault = registry.vaults.get(getAddress(address))
  if (!vault)
    throw new AppError({
      code: 'VAULT_NOT_FOUND',
      status: 404,
      detail: `no vault ${getAddress(address)} is registered on chain ${chainId}`,
      meta: { chainId },
    })
  return { chain, registry, vault, adapter: vaultAdapterFor(vault.kind) }
}

/** The strategy at `address` on `chainId` and the vault it serves; 404 when not registered. */
export function resolveStrategy(ctx: ServiceContext, chainId: number, address: string): VaultTarget & { strategy: Address } {
  const { chain, registry } = chainFor(ctx, chainId, '/body/chainId')
  const strategy = getAddress(address)
  const vault = registry.strategies.get(strategy)
  if (!vault)
    throw new AppError({
      code: 'STRATEGY_NOT_FOUND',
      status: 404,
      detail: `no strategy ${strategy} is registered on chain ${chainId}`,
      meta: { chainId },
    })
  return { chain, registry, vault, adapter: vaultAdapterFor(vault.kind), strategy }
}
