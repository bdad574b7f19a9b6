import { figureKey, type PricedState } from '../pricing/index.js'
import { rewardPoolFigures } from '../pool/index.js'
import { vaultFigures } from '../yield/index.js'

/**
 * The figures of a priced state that are watched for jumps between snapshots, by figureKey: each
 * vault's TVL, APY windows and forward total, each reward pool's TVL and staking pools' APRs (as
 * E2 serves them, percent), and each priced token's USD price. Figures that are null are left out.
 * A Map, not an object: with 1,000 vaults and 1,000 pools it holds some 12,000 figures at every
 * block, which a Map takes in half the time (BENCHMARKS.md, "Figures behind the code").
 */
export function figureDigest(priced: PricedState): Map<string, number> {
  const digest = new Map<string, number>()
  const keep = (entry: string, field: string, value: number | null | undefined) => {
    if (typeof value === 'number' && Number.isFinite(value)) digest.set(figureKey(entry, field), value)
  }
  // Each figure computed alone, as its answer computes it: the answers' names, notes and flags are no figures, and cost most of their time.
  for (const vault of priced.registry.vaults.values())
    for (const [field, value] of Object.entries(vaultFigures(priced, vault))) keep(vault.address, field, value)
  for (const [address, pool] of priced.state.rewardPools)
    if (pool) for (const [field, value] of Object.entries(rewardPoolFigures(priced, pool))) keep(address, field, value)
  for (const [token, price] of priced.prices) if (price.ok) keep(token, 'usd', price.usd)
  return digest
}
