import type { ChainSnapshot } from '../snapshot/index.js'
import { chainFor, type ServiceContext } from '../context.js'
import type { ChainRegistry } from '../registry/index.js'
import { actionError } from '../tx/index.js'
import { chainPrices, type PricedState } from './chainPrices.js'
import { readChainState } from './readChainState.js'

/** Prices computed once per snapshot, however many requests read it. */
const pricedSnapshots = new WeakMap<ChainSnapshot, PricedState>()

/**
 * A chain's priced state: from its latest snapshot when there is one (no RPC at all), otherwise
 * read now in one Multicall3 pass. `path` names the request field that chose the chain, for a
 * 400 when it is not configured.
 */
export async function pricedStateOf(ctx: ServiceContext, chainId: number, path: string): Promise<PricedState> {
  const { chain, registry } = chainFor(ctx, chainId, path)
  const snapshot = ctx.snapshots?.latest(chainId)
  if (snapshot) return pricedSnapshot(registry, snapshot)
  try {
    return chainPrices(registry, await readChainState(chain, registry, ctx.facts))
  } catch (error) {
    throw actionError(error, chain, 'read')
  }
}

function pricedSnapshot(registry: ChainRegistry, snapshot: ChainSnapshot): PricedState {
  let priced = pricedSnapshots.get(snapshot)
  if (!priced) {
    priced = chainPrices(registry, snapshot.state, { takenAt: snapshot.takenAt, completedApr: snapshot.completedApr })
    pricedSnapshots.set(snapshot, priced)
  }
  return priced
}
