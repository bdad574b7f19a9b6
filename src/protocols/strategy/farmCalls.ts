import type { Address } from 'viem'
import { rewardFarmAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { contractCall, type ReadBatch } from '../../chain/index.js'

/** The read of a strategy's `farm()`: the farm its want is staked in (the devnet's strategies name theirs). */
export function farmOfRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'farm')
}

/** What a strategy's farm pays and holds at one block; undefined where a read failed. */
export interface FarmState {
  address: Address
  rewardToken: Address
  /** Reward token wei the whole farm pays per second of chain time. */
  rewardPerSecond: bigint
  /** Want wei staked in the farm by everyone (the strategy among them). */
  totalStaked: bigint
  /** Reward token wei funded and not paid yet: at 0 the farm pays nothing more. */
  rewardReserve: bigint
}

/** Adds the reads of `farm`'s rate and totals to `batch`; its state once the batch ran. */
export function farmStateReads(batch: ReadBatch, farm: Address): () => FarmState | undefined {
  const rewardToken = batch.add(contractCall(farm, rewardFarmAbi, 'rewardToken'))
  const rewardPerSecond = batch.add(contractCall(farm, rewardFarmAbi, 'rewardPerSecond'))
  const totalStaked = batch.add(contractCall(farm, rewardFarmAbi, 'totalStaked'))
  const rewardReserve = batch.add(contractCall(farm, rewardFarmAbi, 'rewardReserve'))
  return () => {
    const values = {
      rewardToken: rewardToken.value(),
      rewardPerSecond: rewardPerSecond.value(),
      totalStaked: totalStaked.value(),
      rewardReserve: rewardReserve.value(),
    }
    if (Object.values(values).some((value) => value === undefined)) return undefined
    return { address: farm, ...(values as Omit<FarmState, 'address'>) }
  }
}
