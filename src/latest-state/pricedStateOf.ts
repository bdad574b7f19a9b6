import { blockTimeOf, measureBlockTime } from '../block-time/index.js'
import type { ChainClient } from '../chain/index.js'
import { readChainState, type ChainSnapshot } from '../chain-state/index.js'
import { chainFor, type ServiceContext } from '../context.js'
import { chainPrices, type PricedState } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import { actionError } from '../tx/index.js'

/** Prices computed once per snapshot, however many requests read it. */
const pricedSnapshots = new WeakMap<ChainSnapshot, PricedState>()

/**
 * A chain's priced state: from its latest snapshot when there is one (no RPC at all; its block
 * time is the one the refresher measured), otherwise read now in one Multicall3 pass, the block
 * time measured from the chain's recent blocks (or BLOCK_TIME_<id>). A chain that is not configured
 * is a 400 on the input `chainId`.
 */
export async function pricedStateOf(ctx: ServiceContext, chainId: number): Promise<PricedState> {
  const { chain, registry } = chainFor(ctx, chainId)
  const snapshot = ctx.snapshots?.latest(chainId)
  if (snapshot) return pricedSnapshot(chain, registry, snapshot)
  try {
    const state = await readChainState(chain, registry, ctx.facts)
    const blockTime = await measureBlockTime(chain, { blockNumber: state.blockNumber, timestamp: state.timestamp })
    return chainPrices(registry, state, { takenAt: Date.now(), blockTime })
  } catch (error) {
    throw actionError(error, chain, 'read')
  }
}

function pricedSnapshot(chain: ChainClient, registry: ChainRegistry, snapshot: ChainSnapshot): PricedState {
  let priced = pricedSnapshots.get(snapshot)
  if (!priced) {
    priced = chainPrices(registry, snapshot.state, {
      takenAt: snapshot.takenAt,
      // A snapshot from before block times were measured carries none: the override or the known default.
      blockTime: snapshot.blockTime ?? blockTimeOf(chain.config, undefined),
      completedApr: snapshot.completedApr,
      ...(snapshot.completedAprNotes && { completedAprNotes: snapshot.completedAprNotes }),
      ...(snapshot.index && { index: snapshot.index }),
      ...(snapshot.apyBases && { apyBases: snapshot.apyBases }),
    })
    pricedSnapshots.set(snapshot, priced)
  }
  return priced
}
