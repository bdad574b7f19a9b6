import type { Address } from 'viem'
import { type ChainContext, freshnessOf, perState, pricedStateOf, type Freshness } from '../answer-state/index.js'
import type { CompletedApr } from '../pricing/index.js'
import type { RewardPoolObject } from '../schema/index.js'
import { readCompletedApr } from '../snapshot/index.js'
import { rewardPoolObject } from './rewardPoolObject.js'

/**
 * E2: every reward pool registered on the chain as a RewardPool object, from one block-pinned
 * pass. `completedAPR` of an ended pool comes with the snapshot (taken when the refresher saw the
 * pool end, or from the store); without one it is read from the node at the block before the
 * end, and where the node no longer has that state it is `{}` with `completedAPRNote`. Pools that
 * do not answer are left out and named in `omitted`.
 */
export async function rewardPoolList(ctx: ChainContext): Promise<{ pools: RewardPoolObject[]; omitted: Address[]; freshness: Freshness }> {
  const { chain, registry } = ctx
  const priced = await pricedStateOf(ctx)
  const { pools, omitted } = await perState(priced, 'poolList', async () => {
    const pools: RewardPoolObject[] = []
    const omitted: Address[] = []
    for (const entry of registry.rewardPools.values()) {
      const state = priced.state.rewardPools.get(entry.address)
      if (!state) {
        omitted.push(entry.address)
        continue
      }
      let completed: CompletedApr = { aprs: {} }
      if (priced.state.blockNumber >= state.endBlock) {
        const [aprs, note] = [priced.completedApr?.[entry.address], priced.completedAprNotes?.[entry.address]]
        completed =
          aprs !== undefined || note !== undefined
            ? { aprs: aprs ?? {}, ...(note !== undefined && { note }) }
            : await readCompletedApr(chain, registry, ctx.facts, {
                pool: entry.address,
                endBlock: state.endBlock,
                blockTime: priced.blockTime,
                figurePolicy: priced.figurePolicy,
              })
      }
      pools.push(rewardPoolObject(priced, entry, state, completed))
    }
    return { pools, omitted }
  })
  return { pools, omitted, freshness: freshnessOf([priced]) }
}
