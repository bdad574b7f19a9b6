import type { Address } from 'viem'
import type { FeeSuggestion } from '../chain/index.js'

/**
 * A strategy's fees as it reports them, in whichever of Beefy's three shapes it has: the
 * performance fee's `total` a share of each harvest (1e18 = all of it; null where the strategy
 * fixes it inside its harvest and exposes no reading of it), `treasury`, `call` and `strategist`
 * shares of that total (1e18 = all of it; Beefy calls the treasury's part `beefy`), the deposit
 * fee in basis points, the withdraw fee over `withdrawMax`.
 */
export interface StrategyFees {
  total: bigint | null
  treasury: bigint
  call: bigint
  strategist: bigint
  depositBps: bigint
  withdrawBps: bigint
  /** The withdraw fee's denominator: 10,000 for `getAllFees()`, `WITHDRAWAL_MAX()` for the earlier shapes; absent in older snapshots (10,000). */
  withdrawMax?: bigint
  /**
   * Which interface reported them: `getAllFees` (the current one), `getFees` (2022's
   * StratFeeManager, one FeeCategory struct), `feeManager` (2021's shares of MAX_FEE).
   */
  source?: 'getAllFees' | 'getFees' | 'feeManager'
}

/** What a harvest costs on a chain now: its gas price and each registered strategy's harvest gas, and what each strategy charges. */
export interface HarvestCosts {
  /** The newest block the fee history covers. */
  blockNumber: bigint
  /** Wei per gas a harvest pays in the next block: its base fee plus the suggested tip (see readFeeSuggestion). */
  gasPrice: bigint
  /** The fee suggestion the gas price comes from. */
  fees?: FeeSuggestion
  /** Gas of each strategy's `harvest()` from a plain address; undefined where the estimate reverts. */
  gas: Map<Address, bigint | undefined>
  /** Each strategy's fees; undefined where it reports them in none of Beefy's shapes. Absent in snapshots older than this field. */
  strategyFees?: Map<Address, StrategyFees | undefined>
}
