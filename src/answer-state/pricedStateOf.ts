import { blockTimeOf, measureBlockTime } from '../block-time/index.js'
import { readChainState } from '../chain-state/index.js'
import type { ChainContext } from './context.js'
import { chainPrices, type PricedState, snapshotPrices } from '../pricing/index.js'
import { actionError } from '../tx/index.js'

/**
 * A chain's priced state: from its latest snapshot when there is one (no RPC at all; its block
 * time is the one the refresher measured), otherwise read now in one Multicall3 pass, the block
 * time measured from the chain's recent blocks (or BLOCK_TIME_<id>) unless `blockTime: false` says
 * the caller needs only prices (a zap's guard: measuring reads headers, a round trip more).
 */
export async function pricedStateOf(ctx: ChainContext, options: { blockTime?: boolean } = {}): Promise<PricedState> {
  const { chain, registry } = ctx
  const snapshot = ctx.snapshots?.latest(ctx.chainId)
  // A snapshot from before block times were measured carries none: the override or the known default.
  if (snapshot) return snapshotPrices(registry, snapshot, { fallbackBlockTime: blockTimeOf(chain.config, undefined), figurePolicy: ctx.config.figures })
  try {
    const state = await readChainState(chain, registry, ctx.facts)
    const blockTime = options.blockTime === false ? undefined : await measureBlockTime(chain, { blockNumber: state.blockNumber, timestamp: state.timestamp })
    return chainPrices(registry, state, { takenAt: Date.now(), blockTime, figurePolicy: ctx.config.figures })
  } catch (error) {
    throw actionError(error, chain, 'read')
  }
}
