import { encodeFunctionData, type Address } from 'viem'
import { contractCall } from '../../chain/index.js'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'

/** Call data of `harvest()`: compounds the strategy's rewards and pays the caller the call reward. */
export function encodeHarvest(): `0x${string}` {
  return encodeFunctionData({ abi: strategyFarmAbi, functionName: 'harvest' })
}

/** The read of `callReward()`: wrapped native (wei) the next harvest pays its caller. */
export function callRewardRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'callReward')
}
