import type { Address } from 'viem'
import type { ChainContext } from '../answer-state/index.js'
import { encodeHarvest } from '../protocols/index.js'
import type { TxDescriptor } from '../schema/index.js'
import { buildTx } from '../tx/index.js'
import { resolveStrategy } from './resolveVault.js'

/**
 * Y7 harvest: `harvest()` on the registered strategy, sent by `user` (who receives the call reward,
 * in the wrapped native coin, growing with every block). One node round trip; two when nothing has
 * accrued in the pending block (its gas is then the one of a harvest that compounds: landingGas).
 */
export async function buildHarvestTx(ctx: ChainContext, input: { strategy: Address; user: Address }): Promise<{ tx: TxDescriptor; blockNumber?: bigint }> {
  const { chain, strategy } = resolveStrategy(ctx, input.strategy)
  const accruing = [chain.config.wrappedNative as Address]
  return buildTx({ chain, from: input.user, to: strategy, data: encodeHarvest(), action: 'harvest', accruing }, ctx.config.gasMargin)
}
