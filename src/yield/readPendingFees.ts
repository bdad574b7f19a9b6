import type { Address } from 'viem'
import { estimateGasWithMargin } from '../chain/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { callRewardRead, DEFAULT_HARVESTER, encodeHarvest } from '../protocols/index.js'
import { actionError, readForAction } from '../tx/index.js'
import { resolveStrategy } from './resolveVault.js'

/**
 * Y9 pending-fees: the call reward the next harvest pays (wrapped native, wei) and the gas of that
 * harvest, both at one block, so a harvester can weigh one against the other.
 */
export async function readPendingFees(
  ctx: ChainContext,
  input: { strategy: Address; user?: Address },
): Promise<{ callReward: bigint; gas: bigint; blockNumber: bigint }> {
  const { chain, strategy } = resolveStrategy(ctx, input.strategy)
  const from = input.user ?? DEFAULT_HARVESTER
  // The read and the estimate do not depend on each other: one round trip of latency.
  const [{ values, blockNumber }, gas] = await Promise.all([
    readForAction(chain, 'pending-fees', [callRewardRead(strategy)]),
    estimateGasWithMargin(chain, { from, to: strategy, data: encodeHarvest() }, ctx.config.gasMargin).catch((error: unknown) => {
      throw actionError(error, chain, 'harvest gas estimate')
    }),
  ])
  return { callReward: values[0], gas, blockNumber }
}
