import type { ChainContext } from '../context.js'
import { pricesAtBlocks, type BlockPrices } from '../pricing/index.js'
import type { BlockRef } from '../store/index.js'

/** The prices of the context's chain at each of `blocks` (kept in the store once read), under the service's figure policy. */
export function pastPricesOf(ctx: ChainContext, blocks: readonly BlockRef[]): Promise<Map<bigint, BlockPrices>> {
  return pricesAtBlocks({ ...ctx, figurePolicy: ctx.config.figures }, ctx.blockPrices, blocks)
}
