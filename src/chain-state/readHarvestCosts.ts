import { aggregate, decodeRevert, estimateGas, readFeeSuggestion, type ChainClient } from '../chain/index.js'
import { DEFAULT_HARVESTER, encodeHarvest, errorsAbi } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { HarvestCosts } from '../chain-snapshot/index.js'
import { STRATEGY_FEE_READS, strategyFeeReads, strategyFeesOf } from './strategyFees.js'

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
