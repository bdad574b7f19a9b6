import type { Address } from 'viem'
import type { PoolLists, StaticFacts } from './readStaticFacts.js'
import type { KnownFacts } from './readStatePass.js'

/** What a state pass needs of a chain's static facts: each pool's lists, each strategy's farm. */
export function knownOf(statics: StaticFacts): KnownFacts {
  const lists = new Map<Address, PoolLists | undefined>(
    [...statics.pools].map(([pool, facts]) => [
      pool,
      facts && { length: facts.stakingTokens.length, rewardTokens: facts.rewardTokens, stakingTokens: facts.stakingTokens },
    ]),
  )
  return { lists, farms: statics.farms }
}
