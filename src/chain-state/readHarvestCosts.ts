import type { Address } from 'viem'
import { aggregate, decodeRevert, estimateGas, readFeeSuggestion, type ChainClient, type FeeSuggestion, type Settled } from '../chain/index.js'
import { allFeesRead, DEFAULT_HARVESTER, encodeHarvest, errorsAbi, oldFeesReads } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/**
 * A strategy's fees as it reports them (`getAllFees()`, else Beefy's earlier `getFees()` with
 * `withdrawalFee()`): the performance fee's `total` a share of each harvest (1e18 = all of it),
 * `treasury`, `call` and `strategist` shares of that total (1e18 = all of it; Beefy calls the
 * treasury's part `beefy`), the deposit fee in basis points, the withdraw fee over `withdrawMax`.
 */
export interface StrategyFees {
  total: bigint
  treasury: bigint
  call: bigint
  strategist: bigint
  depositBps: bigint
  withdrawBps: bigint
  /** The withdraw fee's denominator: 10,000 for `getAllFees()`, `WITHDRAWAL_MAX()` for the earlier shape; absent in older snapshots (10,000). */
  withdrawMax?: bigint
  /** Which interface reported them. */
  source?: 'getAllFees' | 'getFees'
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
  /** Each strategy's fees; undefined where it reports them in neither shape. Absent in snapshots older than this field. */
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
  // Each strategy's fees, in the same round trip, in both of Beefy's shapes: the current one where it answers.
  const charged = aggregate(
    chain,
    strategies.flatMap((strategy) => [allFeesRead(strategy), ...oldFeesReads(strategy)]),
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
    strategyFees: new Map(strategies.map((strategy, index) => [strategy, strategyFeesOf(results.slice(index * 4, index * 4 + 4) as FeeReads)])),
  }
}

type Decoded<read> = read extends { decode: (data: `0x${string}`) => infer T } ? Settled<T> : never
type OldReads = ReturnType<typeof oldFeesReads>
type FeeReads = [Decoded<ReturnType<typeof allFeesRead>>, Decoded<OldReads[0]>, Decoded<OldReads[1]>, Decoded<OldReads[2]>]

/** The fees of `getAllFees()` where it answers; else of `getFees()`, `withdrawalFee()` and `WITHDRAWAL_MAX()` together; else none. */
function strategyFeesOf([all, old, withdrawalFee, withdrawalMax]: FeeReads): StrategyFees | undefined {
  if (all.ok) {
    const { performance, deposit, withdraw } = all.value
    const parts = { total: performance.total, treasury: performance.beefy, call: performance.call, strategist: performance.strategist }
    return { ...parts, depositBps: deposit, withdrawBps: withdraw, withdrawMax: 10_000n, source: 'getAllFees' }
  }
  if (!old.ok || !withdrawalFee.ok || !withdrawalMax.ok || withdrawalMax.value === 0n) return undefined
  const [total, beefy, call, strategist] = old.value
  return { total, treasury: beefy, call, strategist, depositBps: 0n, withdrawBps: withdrawalFee.value, withdrawMax: withdrawalMax.value, source: 'getFees' }
}
