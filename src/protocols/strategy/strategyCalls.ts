import { parseAbi, type Address } from 'viem'
import { contractCall, encodeCall } from '../../chain/index.js'
import { strategyFarmAbi, strategyFarmFeeManagerAbi, strategyFarmFeeManagerTotalAbi, strategyFarmOldFeesAbi } from '../../../contracts/artifacts/index.js'

/** Call data of `harvest()`: compounds the strategy's rewards and pays the caller the call reward. */
export function encodeHarvest(): `0x${string}` {
  return encodeCall(strategyFarmAbi, 'harvest')
}

/** The read of `callReward()`: wrapped native (wei) the next harvest pays its caller. */
export function callRewardRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'callReward')
}

/** The read of `lastHarvest()`: the timestamp (seconds) of the strategy's last harvest. */
export function lastHarvestRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'lastHarvest')
}

/** The read of `paused()` (OpenZeppelin's Pausable, as Beefy's strategies have it): no deposits and no harvests while true. */
export function pausedRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'paused')
}

/**
 * The read of `getAllFees()`, as Beefy's strategies (StratFeeManager) and the devnet's give it:
 * the performance fee category (`total` a share of each harvest, 1e18 = all; `beefy`, `call` and
 * `strategist` shares of that total), and deposit and withdraw fees in basis points of 10,000.
 */
export function allFeesRead(strategy: Address) {
  return contractCall(strategy, strategyFarmAbi, 'getAllFees')
}

/**
 * The reads of Beefy's 2022 fee interface (StratFeeManager), for strategies without
 * `getAllFees()`: `getFees()`, ONE FeeCategory struct (a single tuple behind a head offset, as it
 * holds a string: `total` a share of each harvest, 1e18 = all; `beefy`, `call` and `strategist`
 * shares of that total), with `withdrawalFee()` over `WITHDRAWAL_MAX()`.
 */
export function feeCategoryReads(strategy: Address) {
  return [
    contractCall(strategy, strategyFarmOldFeesAbi, 'getFees'),
    contractCall(strategy, strategyFarmOldFeesAbi, 'withdrawalFee'),
    contractCall(strategy, strategyFarmOldFeesAbi, 'WITHDRAWAL_MAX'),
  ] as const
}

/**
 * The reads of Beefy's 2021 fee interface (FeeManager), for strategies with neither
 * `getAllFees()` nor `getFees()`: `callFee()`, `beefyFee()` and `STRATEGIST_FEE()`, shares of
 * `MAX_FEE()` (1000) of the performance fee, and `totalFee()`, that fee of `MAX_FEE()` where the
 * strategy exposes it (most fix it inside `chargeFees`). The withdrawal fee is read as for 2022's.
 */
export function feeManagerReads(strategy: Address) {
  return [
    contractCall(strategy, strategyFarmFeeManagerAbi, 'callFee'),
    contractCall(strategy, strategyFarmFeeManagerAbi, 'beefyFee'),
    contractCall(strategy, strategyFarmFeeManagerAbi, 'STRATEGIST_FEE'),
    contractCall(strategy, strategyFarmFeeManagerAbi, 'MAX_FEE'),
    contractCall(strategy, strategyFarmFeeManagerTotalAbi, 'totalFee'),
  ] as const
}

/**
 * Who a harvest's gas is estimated for when no user is named: a plain address that can receive
 * tokens (the zero address cannot, under OpenZeppelin's ERC-20).
 */
export const DEFAULT_HARVESTER: Address = '0x000000000000000000000000000000000000dEaD'

const strategyTokensAbi = parseAbi(['function output() view returns (address)', 'function native() view returns (address)'])

/**
 * The reads of the tokens a Beefy strategy earns and swaps through: `output()` (the farm's reward)
 * and `native()` (the chain's wrapped coin, in which fees are paid). A strategy may lack either.
 */
export function strategyTokenReads(strategy: Address) {
  return [contractCall(strategy, strategyTokensAbi, 'output'), contractCall(strategy, strategyTokensAbi, 'native')] as const
}
