import type { Address } from 'viem'
import { rewardPoolAdapterFor, strategyEvents, vaultAdapterFor, type EventDecoder } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** A registered contract whose events the index follows, how to read them, and where its history starts when the registry says. */
export interface FollowedContract {
  address: Address
  events: EventDecoder
  fromBlock?: bigint
  /**
   * Transfers of `token` into and out of the contract, other than with `except`, recorded as its
   * own: a Beefy vault's deposits and withdrawals in want, which its own events do not give (its
   * share mints and burns say how many shares, not how much want). The strategy is excepted: it
   * moves the want it keeps for the vault.
   */
  flows?: { token: Address; except: readonly Address[] }
}

/**
 * Every contract of a chain's registry that emits what users did: vaults (share transfers, and
 * ERC-4626 deposits and withdrawals; a Beefy vault's want in and out), their strategies
 * (harvests) and reward pools (stakes, unstakes, claims), each read with its family's events. A
 * strategy starts where its vault does.
 */
export function followedContracts(registry: ChainRegistry): FollowedContract[] {
  const fromBlockOf = (entry: { fromBlock?: number | undefined }) => (entry.fromBlock === undefined ? {} : { fromBlock: BigInt(entry.fromBlock) })
  const contracts: FollowedContract[] = []
  for (const vault of registry.vaults.values()) {
    contracts.push({
      address: vault.address,
      events: vaultAdapterFor(vault.kind).events,
      ...fromBlockOf(vault),
      ...(vault.kind === 'beefy' && { flows: { token: vault.want, except: vault.strategy ? [vault.strategy] : [] } }),
    })
    if (vault.strategy) contracts.push({ address: vault.strategy, events: strategyEvents, ...fromBlockOf(vault) })
  }
  for (const pool of registry.rewardPools.values()) contracts.push({ address: pool.address, events: rewardPoolAdapterFor(pool).events, ...fromBlockOf(pool) })
  return contracts
}
