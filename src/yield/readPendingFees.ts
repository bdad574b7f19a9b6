import type { Address } from 'viem'
import { applyGasMargin, estimateGas } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { callRewardRead, DEFAULT_HARVESTER, encodeHarvest } from '../protocols/index.js'
import { actionError, landingGas, readForAction } from '../tx/index.js'
import { resolveStrategy } from './resolveVault.js'

/**
 * Y9 pending-fees: the call reward the next harvest pays (wrapped native, wei) and the gas of that
 * harvest, both at one block, so a harvester can weigh one against the other. The gas is the one
 * of a harvest that compounds, even when nothing has accrued yet in the pending block (landingGas).
 */
export async function readPendingFees(
  ctx: ChainContext,
  input: { strategy: Address; user?: Address },
): Promise<{ callReward: bigint; gas: bigint; blockNumber: bigint }> {
  const { chain, strategy } = resolveStrategy(ctx, input.strategy)
  const from = input.user ?? DEFAULT_HARVESTER
  const call = { to: strategy, data: encodeHarvest(), value: 0n }
  // The read and the estimate do not depend on each other: one round trip of latency.
  const [{ values, blockNumber }, gas] = await Promise.all([
    readForAction(chain, 'pending-fees', [callRewardRead(strategy)]),
    landingGas(chain, from, call, estimateGas(chain, { from, ...call })).then(
      (gas) => applyGasMargin(gas, ctx.config.gasMargin),
      (error: unknown) => {
        throw actionError(error, chain, 'harvest gas estimate')
      },
    ),
  ])
  return { callReward: values[0], gas, blockNumber }
}
