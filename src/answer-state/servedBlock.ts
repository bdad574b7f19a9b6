import type { ServiceContext } from './context.js'

/**
 * Where an answer takes its block from: the chain's latest snapshot (aggregate answers), the
 * event index (what a user did, and positions read at the index's block), or the node's head
 * (reads made now).
 */
export type BlockSource = 'snapshot' | 'index' | 'node'

/**
 * The newest block an answer of `source` on `chainId` can be made at now: the latest snapshot's,
 * the block the event index holds every registered contract of the chain through, or the node's
 * head. A service that keeps no snapshots or no index answers those from the node, so its head
 * counts then; undefined while a snapshot or the index has none yet.
 */
export async function servedBlock(ctx: ServiceContext, chainId: number, source: BlockSource): Promise<bigint | undefined> {
  if (source === 'snapshot' && ctx.snapshots) return ctx.snapshots.latest(chainId)?.state.blockNumber
  if (source === 'index' && ctx.index) {
    const registry = ctx.registry.chains.get(chainId)
    const followed = new Set([...(registry?.vaults.keys() ?? []), ...(registry?.rewardPools.keys() ?? [])])
    let through: bigint | undefined
    let seen = 0
    for (const contract of await ctx.index.contracts(chainId)) {
      if (!followed.has(contract.address)) continue
      seen++
      if (through === undefined || contract.nextBlock - 1n < through) through = contract.nextBlock - 1n
    }
    return seen === followed.size ? through : undefined
  }
  return ctx.chains.get(chainId)?.client.getBlockNumber({ cacheTime: 0 })
}
