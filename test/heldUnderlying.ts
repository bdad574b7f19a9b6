import type { Address, PublicClient } from 'viem'
import { beefyVaultAbi, erc4626VaultAbi } from '../contracts/artifacts/index.js'

/**
 * The want `user`'s shares of `vault` are worth at `blockNumber`, from the vault's own reads: a
 * Beefy vault's balanceOf × getPricePerFullShare / 1e18, an ERC-4626 vault's convertToAssets of
 * the balance. What a position's `earned` is reckoned from, independently of the service.
 */
export async function heldUnderlying(client: PublicClient, vault: { address: Address; kind: string }, user: Address, blockNumber: bigint): Promise<bigint> {
  const at = { address: vault.address, blockNumber }
  if (vault.kind === 'beefy') {
    const shares = await client.readContract({ ...at, abi: beefyVaultAbi, functionName: 'balanceOf', args: [user] })
    const perShare = await client.readContract({ ...at, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    return (shares * perShare) / 10n ** 18n
  }
  const shares = await client.readContract({ ...at, abi: erc4626VaultAbi, functionName: 'balanceOf', args: [user] })
  return client.readContract({ ...at, abi: erc4626VaultAbi, functionName: 'convertToAssets', args: [shares] })
}
