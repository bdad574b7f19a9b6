import type { Address } from 'viem'
import { decodeRevert, estimateGas, type ChainClient } from '../chain/index.js'
import { DEFAULT_HARVESTER, encodeHarvest, errorsAbi } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** What a harvest costs on a chain now: its gas price and each registered strategy's harvest gas. */
export interface HarvestCosts {
  /** The newest block the fee history covers. */
  blockNumber: bigint
  /** Wei per gas a harvest pays in the next block: its base fee plus the median priority fee of recent blocks. */
  gasPrice: bigint
  /** Gas of each strategy's `harvest()` from a plain address; undefined where the estimate reverts. */
  gas: Map<Address, bigint | undefined>
}

/** Recent blocks whose median priority fee is the typical one. */
const FEE_HISTORY_BLOCKS = 10

/**
 * Reads the harvest costs of `registry`'s strategies: one `eth_feeHistory` and one
 * `eth_estimateGas` of `harvest()` per strategy, sent together (one round trip). A harvest that
 * reverts has no gas; a node that fails throws.
 */
export async function readHarvestCosts(chain: ChainClient, registry: ChainRegistry): Promise<HarvestCosts> {
  const strategies = [...registry.strategies.keys()]
  const [history, ...gas] = await Promise.all([
    chain.client.getFeeHistory({ blockCount: FEE_HISTORY_BLOCKS, rewardPercentiles: [50], blockTag: 'latest' }),
    ...strategies.map((strategy) =>
      estimateGas(chain, { from: DEFAULT_HARVESTER, to: strategy, data: encodeHarvest() }).catch((error: unknown) => {
        if (decodeRevert(error, errorsAbi) === undefined) throw error
        return undefined
      }),
    ),
  ])
  const blocks = history.baseFeePerGas.length - 1
  const tips = (history.reward ?? []).map((rewards) => rewards[0] ?? 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const tip = tips.length > 0 ? tips[Math.floor(tips.length / 2)]! : 0n
  return {
    blockNumber: history.oldestBlock + BigInt(Math.max(0, blocks - 1)),
    gasPrice: (history.baseFeePerGas[blocks] ?? 0n) + tip,
    gas: new Map(strategies.map((strategy, index) => [strategy, gas[index]])),
  }
}
