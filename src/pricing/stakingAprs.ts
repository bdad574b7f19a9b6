import { noBlockTimeNote } from '../block-time/index.js'
import type { RewardPoolState } from '../chain-snapshot/index.js'
import { stakingPoolApr, type RewardEmission } from './apr.js'
import type { PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { perPoolInputs } from './poolInputs.js'
import { usdValueOf } from './usdValueOf.js'

/** A staking pool's APR in percent, or 0 with the reason it has none. */
export interface StakingApr {
  apr: number
  /** Why `apr` is 0 without the pool paying nothing: "ended", "no stake", no block time yet, or what could not be priced. */
  note?: string
}

/**
 * The APR of every staking pool of `pool` at the priced state's block, in pid order, with the
 * state's block time (blocks per year). A pool past its end block pays nothing (0, note "ended");
 * a staking pool with nothing staked, whose staking or reward token cannot be priced, or on a
 * chain whose block time is not known yet, has no APR (0 with the reason, never a silent 0).
 */
export function stakingAprs(priced: PricedState, pool: RewardPoolState): readonly StakingApr[] {
  // Again only when the pool or its inputs moved: the refresher asks it of every pool at every block (completedAPR, the jump watch), and a block touches a few.
  return aprsOnInputs(priced, pool, () => aprsOf(priced, pool))
}

const aprsOnInputs = perPoolInputs<readonly StakingApr[]>()

function aprsOf(priced: PricedState, pool: RewardPoolState): readonly StakingApr[] {
  if (priced.state.blockNumber >= pool.endBlock) return pool.stakingPools.map(() => ({ apr: 0, note: 'ended' }))
  const blockTime = priced.blockTime
  if (!blockTime) return pool.stakingPools.map(() => ({ apr: 0, note: noBlockTimeNote(priced.state.chainId) }))
  const rewards: RewardEmission[] = []
  for (const [index, token] of pool.rewardTokens.entries()) {
    const price = priced.prices.get(token)
    const decimals = priced.decimals(token)
    if (!price?.ok || decimals === undefined) {
      const note = price && !price.ok ? describePriceFailure(token, price) : `${token} cannot be priced on chain ${priced.state.chainId}`
      return pool.stakingPools.map(() => ({ apr: 0, note }))
    }
    rewards.push({ perBlock: pool.rewardPerBlock[index] ?? 0n, decimals, usd: price.usd })
  }
  return pool.stakingPools.map((staking) => {
    const staked = usdValueOf(priced, staking.stakingToken, staking.totalStaked)
    if (!staked.ok) return { apr: 0, note: staked.warning }
    const result = stakingPoolApr({
      rewards,
      allocPoint: staking.allocPoint,
      totalAllocPoint: pool.totalAllocPoint,
      blockTimeSeconds: blockTime.seconds,
      stakedUsd: staked.usd,
    })
    return result.ok ? { apr: result.apr } : { apr: 0, note: 'no stake' }
  })
}
