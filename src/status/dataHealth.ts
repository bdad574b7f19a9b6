import type { Address } from 'viem'
import { type ServiceContext, perState } from '../answer-state/index.js'
import { priceEntries, type PricedState, snapshotPrices } from '../pricing/index.js'
import { rewardPoolObjects } from '../pool/index.js'
import type { Flag, TokenPriceEntry } from '../schema/index.js'
import { vaultEntries } from '../yield/index.js'

/** The flag kinds, in the order `/status` and `/metrics` give their counts. */
export const FLAG_KINDS = ['ceiling', 'jump', 'price-check', 'thin-liquidity', 'stale-feed'] as const

/** A chain's flagged entries at its latest snapshot, and how many flags of each kind they carry. */
export interface DataHealth {
  blockNumber: string
  counts: Record<Flag['kind'], number>
  entries: { kind: 'vault' | 'pool' | 'price'; address: string; name: string; flags: Flag[] }[]
}

/**
 * What `/vaults`, `/v2/pools` and `/prices` flag on `chainId` at its latest snapshot, gathered in
 * one place for dashboards and alerts; undefined before a snapshot. No node is called.
 */
export function dataHealth(ctx: Pick<ServiceContext, 'config' | 'registry' | 'snapshots'>, chainId: number): DataHealth | undefined {
  const [snapshot, registry] = [ctx.snapshots?.latest(chainId), ctx.registry.chains.get(chainId)]
  if (!snapshot || !registry) return undefined
  const priced = snapshotPrices(registry, snapshot, { figurePolicy: ctx.config.figures })
  // Once per snapshot: /status and every /metrics scrape read it.
  return perState(priced, 'dataHealth', () => healthOf(priced))
}

function healthOf(priced: PricedState): DataHealth {
  const entries: DataHealth['entries'] = []
  for (const vault of vaultEntries(priced)) if (vault.flags) entries.push({ kind: 'vault', address: vault.address, name: vault.name, flags: vault.flags })
  for (const pool of rewardPoolObjects(priced)) if (pool.flags) entries.push({ kind: 'pool', address: pool.address, name: pool.name, flags: pool.flags })
  for (const [token, price] of Object.entries(priceEntries(priced)) as [Address, TokenPriceEntry][])
    if (price.flags) entries.push({ kind: 'price', address: token, name: priced.registry.tokens.get(token)?.symbol ?? token, flags: price.flags })
  const counts = Object.fromEntries(FLAG_KINDS.map((kind) => [kind, 0])) as DataHealth['counts']
  for (const entry of entries) for (const flag of entry.flags) counts[flag.kind]++
  return { blockNumber: priced.state.blockNumber.toString(), counts, entries }
}

/** Each chain's flag counts at its latest snapshot (what `/metrics` reports as `data_flags`); chains without one are left out. */
export function flagCounts(ctx: Pick<ServiceContext, 'config' | 'registry' | 'snapshots'>, chainIds: readonly number[]) {
  return chainIds.flatMap((chainId) => {
    const health = dataHealth(ctx, chainId)
    return health ? [{ chainId, counts: health.counts }] : []
  })
}
