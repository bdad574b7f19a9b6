import { getAddress, zeroAddress, type Address } from 'viem'
import { ReadBatch, type ChainClient } from '../chain/index.js'
import { rewardPoolAdapterFor, rewardPoolFamilies, vaultAdapters, type PoolLists, type RewardPoolFamily } from '../protocols/index.js'
import type { Unresolved } from './Discovery.js'

/** A vault as its reads identify it: its family, want and strategy. */
export interface FoundVault {
  address: Address
  kind: 'beefy' | 'erc4626'
  want: Address
  strategy?: Address
}

/** A reward pool as its reads identify it: its family (with a MasterChef fork's function names) and its lists. */
export interface FoundPool {
  address: Address
  family: RewardPoolFamily
  lists: PoolLists
}

/**
 * Tells each vault's and each pool's family by the functions it answers, in one Multicall3 pass:
 * a vault is of the first family whose identifying reads all answer (VaultAdapter.familyReads), a
 * pool of the first family (rewardPoolFamilies, in order) whose list reads answer. What answers
 * no family is unresolved.
 */
export async function classifyContracts(
  chain: ChainClient,
  vaults: readonly Address[],
  pools: readonly Address[],
): Promise<{ vaults: FoundVault[]; pools: FoundPool[]; unresolved: Unresolved[]; blockNumber: bigint }> {
  const batch = new ReadBatch()
  const vaultReads = vaults.map((address) => ({
    address,
    families: vaultAdapters.map((adapter) => ({
      kind: adapter.kind as FoundVault['kind'],
      answers: adapter.familyReads(address).map((read) => batch.add(read)),
      want: batch.add(adapter.wantRead(address)),
      strategy: batch.add(adapter.strategyRead(address)),
    })),
  }))
  const poolReads = pools.map((address) => ({
    address,
    families: rewardPoolFamilies.map((family) => ({ family, lists: rewardPoolAdapterFor(family).listReads(batch, address) })),
  }))
  const { blockNumber } = await batch.run(chain)

  const unresolved: Unresolved[] = []
  const found: FoundVault[] = []
  for (const { address, families } of vaultReads) {
    const match = families.find((family) => family.answers.every((answer) => answer.value() !== undefined))
    if (!match) {
      unresolved.push({
        entry: `vault ${address}`,
        reason: "answers neither Beefy's want(), strategy() and getPricePerFullShare() nor ERC-4626's asset() and convertToAssets()",
      })
      continue
    }
    const strategy = match.strategy.value()
    found.push({
      address,
      kind: match.kind,
      want: getAddress(match.want.value()!),
      ...(strategy && strategy !== zeroAddress && { strategy: getAddress(strategy) }),
    })
  }
  const foundPools: FoundPool[] = []
  for (const { address, families } of poolReads) {
    const match = families.map(({ family, lists }) => ({ family, lists: lists() })).find(({ lists }) => lists !== undefined)
    if (match) foundPools.push({ address, family: match.family, lists: match.lists! })
    else
      unresolved.push({
        entry: `reward pool ${address}`,
        reason:
          'answers none of the reward pool families: the reference pool (poolLength, rewardTokens), a MasterChef (poolLength, sushi or cake), a StakingRewards (rewardsToken) or a MultiRewards (stakingToken, rewardTokens(i))',
      })
  }
  return { vaults: found, pools: foundPools, unresolved, blockNumber }
}
