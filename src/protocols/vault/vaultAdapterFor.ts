import { beefyVaultAdapter } from '../beefy-vault/index.js'
import { erc4626VaultAdapter } from '../erc4626/index.js'
import type { VaultAdapter } from './VaultAdapter.js'

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
