import type { Address } from 'viem'
import { aggregate, decodeRevert, estimateGas, readFeeSuggestion, type ChainClient, type FeeSuggestion } from '../chain/index.js'
import { DEFAULT_HARVESTER, encodeHarvest, errorsAbi } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { STRATEGY_FEE_READS, type StrategyFees, strategyFeeReads, strategyFeesOf } from './strategyFees.js'

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

/**
 * Reads the harvest costs of `registry`'s strategies: a fee suggestion (`eth_feeHistory`,
 * `eth_maxPriorityFeePerGas`) and one `eth_estimateGas` of `harvest()` per strategy, sent
 * together (one round trip). A harvest that
 * reverts has no gas; a node that fails throws.
 */
export async function readHarvestCosts(chain: ChainClient, registry: ChainRegistry): Promise<HarvestCosts> {
  const strategies = [...registry.strategies.keys()]
  // Each strategy's fees, in the same round trip, in all of Beefy's shapes: the one it has answers.
  const charged = aggregate(
    chain,
    strategies.flatMap((strategy) => strategyFeeReads(strategy)),
  )
  charged.catch(() => undefined)
  const [fees, ...gas] = await Promise.all([
    readFeeSuggestion(chain, { fresh: true }),
    ...strategies.map((strategy) =>
      estimateGas(chain, { from: DEFAULT_HARVESTER, to: strategy, data: encodeHarvest() }).catch((error: unknown) => {
        if (decodeRevert(error, errorsAbi) === undefined) throw error
        return undefined
      }),
    ),
  ])
  const { results } = await charged
  return {
    blockNumber: fees.blockNumber,
    gasPrice: fees.nextBaseFeePerGas + fees.maxPriorityFeePerGas,
    fees,
    gas: new Map(strategies.map((strategy, index) => [strategy, gas[index]])),
    strategyFees: new Map(
      strategies.map((strategy, index) => [strategy, strategyFeesOf(results.slice(index * STRATEGY_FEE_READS, (index + 1) * STRATEGY_FEE_READS))]),
    ),
  }
}
