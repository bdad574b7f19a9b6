import type { FigureDigest, PricedState } from '../pricing/index.js'
import { rewardPoolFigures } from '../pool/index.js'
import { vaultFigures } from '../yield/index.js'

/**
 * The figures of a priced state that are watched for jumps between snapshots, by entry and field:
 * each vault's TVL, APY windows and forward total, each reward pool's TVL and staking pools' APRs
 * (as E2 serves them, percent), and each priced token's USD price. With 1,000 vaults and 1,000
 * pools it holds some 12,000 figures at every block: kept as the records the figures are computed
 * in, one per entry, not one key per figure (a string and a map entry each, every block).
 */
export function figureDigest(priced: PricedState): FigureDigest {
  const digest = new Map<string, Readonly<Record<string, number | null>>>()
  // An address may be an entry twice (a vault whose share is priced): its figures are merged, their fields never the same.
  const add = (entry: string, figures: Readonly<Record<string, number | null>>) => {
    const earlier = digest.get(entry)
    digest.set(entry, earlier ? { ...earlier, ...figures } : figures)
  }
  // Each figure computed alone, as its answer computes it: the answers' names, notes and flags are no figures, and cost most of their time.
  for (const vault of priced.registry.vaults.values()) add(vault.address, vaultFigures(priced, vault))
  for (const [address, pool] of priced.state.rewardPools) if (pool) add(address, rewardPoolFigures(priced, pool))
  for (const [token, price] of priced.prices) if (price.ok) add(token, { usd: price.usd })
  return digest
}
