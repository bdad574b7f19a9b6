import { getAddress, type Address } from 'viem'
import { multiRewardsAbi } from '../../../contracts/artifacts/index.js'
import { contractCall } from '../../chain/index.js'
import { eventDecoder } from '../events/index.js'
import { perSecondPoolState } from '../reward-pool/perSecondPoolState.js'
import type { RewardPoolAdapter } from '../reward-pool/RewardPoolAdapter.js'
import { synthetixPool } from '../reward-pool/synthetixPool.js'

/**
 * Reward tokens read at most. MultiRewards lists them in a public array without a length getter,
 * so the first wave reads `rewardTokens(i)` for i below this and keeps those before the first
 * failure; each state pass reads the next index, so a token added later makes the lists learnt
 * again. These reads go as eth_calls of their own with a gas cap (rewardTokenRead).
 */
const MAX_REWARD_TOKENS = 8

/**
 * Curve/Synthetix MultiRewards (synthetixPool's shape) paying several reward tokens, each at its
 * own `rewardRate` per second until its own `periodFinish` (`rewardData(token)`); pending rewards
 * are `earned(account, token)` per reward token.
 */
export const multiRewardsAdapter: RewardPoolAdapter = {
  kind: 'multi-rewards',
  // Rates log RewardAdded; a reward token added (addReward logs nothing) is found by the next full read.
  changesWithoutEvents: false,
  events: eventDecoder(multiRewardsAbi, {
    ...synthetixPool.stakeEvents,
    RewardPaid: (args) => ({ action: 'claim', account: args.user as Address, token: args.rewardsToken as Address, amount: args.reward as bigint }),
  }),
  listReads(batch, pool) {
    const staking = synthetixPool.stakingTokenReads(batch, pool)
    const tokens = Array.from({ length: MAX_REWARD_TOKENS }, (_, index) => batch.add(rewardTokenRead(pool, index)))
    return () => {
      if (!staking()) return undefined
      const rewardTokens: Address[] = []
      for (const token of tokens) {
        const value = token.value()
        if (!value) break
        rewardTokens.push(getAddress(value))
      }
      return { length: 1, rewardTokens }
    }
  },
  stakingTokenReads: synthetixPool.stakingTokenReads,
  stateReads(batch, pool, lists) {
    const stakingTokens = synthetixPool.stakingTokenReads(batch, pool)
    const totalSupply = synthetixPool.totalStakedRead(batch, pool)
    const next = lists.rewardTokens.length < MAX_REWARD_TOKENS ? batch.add(rewardTokenRead(pool, lists.rewardTokens.length)) : undefined
    const rewards = lists.rewardTokens.map((token) => ({
      data: batch.add(contractCall(pool, multiRewardsAbi, 'rewardData', [token])),
      forDuration: batch.add(contractCall(pool, multiRewardsAbi, 'getRewardForDuration', [token])),
    }))
    return {
      changed: () => next?.value() !== undefined,
      stakingTokens,
      state: () => {
        const [staking, totalStaked] = [stakingTokens()?.[0], totalSupply.value()]
        if (!staking || totalStaked === undefined) return undefined
        const perSecond = { rewardRate: [] as bigint[], periodFinish: [] as bigint[], rewardsDuration: [] as bigint[] }
        const totalReward: bigint[] = []
        for (const { data, forDuration } of rewards) {
          const [d, total] = [data.value(), forDuration.value()]
          if (!d || total === undefined) return undefined
          // rewardData: distributor, rewardsDuration, periodFinish, rewardRate, lastUpdateTime, rewardPerTokenStored
          perSecond.rewardsDuration.push(d[1])
          perSecond.periodFinish.push(d[2])
          perSecond.rewardRate.push(d[3])
          totalReward.push(total)
        }
        return perSecondPoolState({
          address: pool,
          kind: 'multi-rewards',
          rewardTokens: lists.rewardTokens,
          stakingToken: staking,
          totalStaked,
          totalReward,
          perSecond,
        })
      },
    }
  },
  encodeAction: synthetixPool.encodeAction,
  positionReads(pool, _pid, user, rewardTokens) {
    return [synthetixPool.stakedRead(pool, user), ...rewardTokens.map((token) => contractCall(pool, multiRewardsAbi, 'earned', [user, token]))]
  },
  toPosition(values) {
    const [staked, ...earned] = values as [bigint, ...bigint[]]
    return { staked, pendingRewards: earned }
  },
}

/** Gas for one `rewardTokens(i)` read: a few thousand in use, the rest a bound on what a read past the end may burn. */
const PROBE_GAS = 100_000n

/**
 * A read of `rewardTokens(index)`, capped in gas: Curve's MultiRewards (solc 0.5) answers an index
 * past the end with `invalid`, which would burn the gas of every read beside it (see RawCall.gas).
 */
function rewardTokenRead(pool: Address, index: number) {
  return { ...contractCall(pool, multiRewardsAbi, 'rewardTokens', [BigInt(index)]), gas: PROBE_GAS }
}
