import { figureKey, type PricedState } from '../pricing/index.js'
import { rewardPoolObjects } from '../pool/index.js'
import { vaultFigureEntries, vaultFigures } from '../yield/index.js'

/**
 * The figures of a priced state that are watched for jumps between snapshots, by figureKey: each
 * vault's TVL, APY windows and forward total, each reward pool's TVL and staking pools' APRs (as
 * E2 serves them, percent), and each priced token's USD price. Figures that are null are left out.
 */
export function figureDigest(priced: PricedState): Record<string, number> {
  const digest: Record<string, number> = {}
  const keep = (entry: string, field: string, value: number | null | undefined) => {
    if (typeof value === 'number' && Number.isFinite(value)) digest[figureKey(entry, field)] = value
  }
  // Without their flags: a flag is no figure, and the jumps are what the watch is finding.
  for (const vault of vaultFigureEntries(priced)) for (const [field, value] of Object.entries(vaultFigures(vault))) keep(vault.address, field, value)
  for (const pool of rewardPoolObjects(priced, false)) {
    keep(pool.address, 'tvl', pool.tvl)
    pool.chaindata.stakingPools.forEach((staking, index) => {
      if (!staking.aprNote) keep(pool.address, `chaindata.stakingPools[${index}].apr`, staking.apr)
    })
  }
  for (const [token, price] of priced.prices) if (price.ok) keep(token, 'usd', price.usd)
  return digest
}
