import type { Address } from 'viem'
import type { PoolLists, StaticFacts } from './readStaticFacts.js'
import type { KnownFacts } from './readStatePass.js'

/** Built once per static facts (the FactCache keeps one object until they are read again), not once per followed block. */
const built = new WeakMap<StaticFacts, KnownFacts>()

/** What a state pass needs of a chain's static facts: each pool's lists, each strategy's farm. */
export function knownOf(statics: StaticFacts): KnownFacts {
  const kept = built.get(statics)
  if (kept) return kept
  const lists = new Map<Address, PoolLists | undefined>(
    [...statics.pools].map(([pool, facts]) => [
      pool,
      facts && { length: facts.stakingTokens.length, rewardTokens: facts.rewardTokens, stakingTokens: facts.stakingTokens },
    ]),
  )
  const known = { lists, farms: statics.farms }
  built.set(statics, known)
  return known
}
