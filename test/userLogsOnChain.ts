import { type Abi, type AbiEvent, type Address, erc20Abi, getAbiItem, type PublicClient, toEventSelector } from 'viem'
import { expect } from 'vitest'
import {
  beefyVaultAbi,
  erc4626VaultAbi,
  masterChefAbi,
  multiRewardsAbi,
  rewardPoolAbi,
  stakingRewardsAbi,
  strategyFarmAbi,
} from '../contracts/artifacts/index.js'
import type { ChainRegistry } from '../src/registry/index.js'
import { stratHarvestEvent } from './harvestEvents.js'

const TRANSFER = getAbiItem({ abi: erc20Abi, name: 'Transfer' })

/** The events of what users did, by contract family, named in the devnet's own ABIs: what the index is expected to hold. */
const USER_EVENTS: Record<string, readonly [Abi, string][]> = {
  beefy: [[beefyVaultAbi, 'Transfer']],
  erc4626: [
    [erc4626VaultAbi, 'Deposit'],
    [erc4626VaultAbi, 'Withdraw'],
    [erc4626VaultAbi, 'Transfer'],
  ],
  // The reference strategy's harvests, and those of the stand-ins of Beefy's earlier strategies, logged as Beefy's are.
  strategy: [
    [strategyFarmAbi, 'Harvested'],
    [[stratHarvestEvent], 'StratHarvest'],
  ],
  reference: [
    [rewardPoolAbi, 'Staked'],
    [rewardPoolAbi, 'Unstaked'],
    [rewardPoolAbi, 'Claimed'],
  ],
  masterchef: [
    [masterChefAbi, 'Deposit'],
    [masterChefAbi, 'Withdraw'],
    [masterChefAbi, 'EmergencyWithdraw'],
  ],
  'staking-rewards': [
    [stakingRewardsAbi, 'Staked'],
    [stakingRewardsAbi, 'Withdrawn'],
    [stakingRewardsAbi, 'RewardPaid'],
  ],
  'multi-rewards': [
    [multiRewardsAbi, 'Staked'],
    [multiRewardsAbi, 'Withdrawn'],
    [multiRewardsAbi, 'RewardPaid'],
  ],
}

/**
 * Every log through `block` of what users did, as `block:logIndex`, read from the node directly
 * for each contract of the registry with its family's events from its ABI (not from the index's
 * own list of what it follows); and each Beefy vault's want moving in or out, other than with its strategy.
 */
export async function userLogsOnChain(client: PublicClient, registry: ChainRegistry, block: bigint): Promise<string[]> {
  const contracts: { address: Address; family: string }[] = [
    ...[...registry.vaults.values()].flatMap((vault) => [
      { address: vault.address, family: vault.kind },
      ...(vault.strategy ? [{ address: vault.strategy, family: 'strategy' }] : []),
    ]),
    ...[...registry.rewardPools.values()].map((pool) => ({ address: pool.address, family: pool.kind ?? 'reference' })),
  ]
  const logs = []
  for (const { address, family } of contracts) {
    const topics = new Set(USER_EVENTS[family]!.map(([abi, name]) => toEventSelector(getAbiItem({ abi, name }) as AbiEvent)))
    expect(topics.size, family).toBe(USER_EVENTS[family]!.length)
    logs.push(...(await client.getLogs({ address, fromBlock: 0n, toBlock: block })).filter((log) => topics.has(log.topics[0]!)))
  }
  for (const vault of registry.vaults.values()) {
    if (vault.kind !== 'beefy') continue
    for (const args of [{ to: vault.address }, { from: vault.address }]) {
      const moved = await client.getLogs({ address: vault.want, event: TRANSFER, args, fromBlock: 0n, toBlock: block })
      logs.push(...moved.filter((log) => log.args.from !== vault.strategy && log.args.to !== vault.strategy))
    }
  }
  return logs.sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex).map((log) => `${log.blockNumber}:${log.logIndex}`)
}
