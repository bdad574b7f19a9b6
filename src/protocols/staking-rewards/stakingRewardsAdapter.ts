import { getAddress, type Address } from 'viem'
import { stakingRewardsAbi } from '../../../contracts/artifacts/index.js'
import { contractCall } from '../../chain/index.js'
import { eventDecoder } from '../events/index.js'
import { perSecondPoolState } from '../reward-pool/perSecondPoolState.js'
import type { RewardPoolAdapter } from '../reward-pool/RewardPoolAdapter.js'
import { synthetixPool } from '../reward-pool/synthetixPool.js'

/**
 * Synthetix StakingRewards (synthetixPool's shape) paying one reward token, `rewardsToken()`, at
 * `rewardRate` wei per second until `periodFinish`; the pending reward is `earned`.
 */
export const stakingRewardsAdapter: RewardPoolAdapter = {
  kind: 'staking-rewards',
  // notifyRewardAmount and setRewardsDuration log RewardAdded and RewardsDurationUpdated.
  changesWithoutEvents: false,
  // RewardPaid does not name its token: it is the pool's one `rewardsToken`.
  events: eventDecoder(stakingRewardsAbi, {
    ...synthetixPool.stakeEvents,
    RewardPaid: (args) => ({ action: 'claim', account: args.user as Address, amount: args.reward as bigint }),
  }),
  listReads(batch, pool) {
    const reward = batch.add(contractCall(pool, stakingRewardsAbi, 'rewardsToken'))
    return () => {
      const token = reward.value()
      return token ? { length: 1, rewardTokens: [getAddress(token)] } : undefined
    }
  },
  stakingTokenReads: synthetixPool.stakingTokenReads,
  stateReads(batch, pool, lists) {
    const stakingTokens = synthetixPool.stakingTokenReads(batch, pool)
    const read = {
      totalSupply: synthetixPool.totalStakedRead(batch, pool),
      rewardRate: batch.add(contractCall(pool, stakingRewardsAbi, 'rewardRate')),
      periodFinish: batch.add(contractCall(pool, stakingRewardsAbi, 'periodFinish')),
      rewardsDuration: batch.add(contractCall(pool, stakingRewardsAbi, 'rewardsDuration')),
      rewardForDuration: batch.add(contractCall(pool, stakingRewardsAbi, 'getRewardForDuration')),
    }
    return {
      // One staking pool and one reward token, always.
      changed: () => false,
      stakingTokens,
      state: () => {
        const [staking, totalStaked, rate, finish, duration, total] = [
          stakingTokens()?.[0],
          read.totalSupply.value(),
          read.rewardRate.value(),
          read.periodFinish.value(),
          read.rewardsDuration.value(),
          read.rewardForDuration.value(),
        ]
        if (!staking || totalStaked === undefined || rate === undefined || finish === undefined || duration === undefined || total === undefined)
          return undefined
        return perSecondPoolState({
          address: pool,
          kind: 'staking-rewards',
          rewardTokens: lists.rewardTokens,
          stakingToken: staking,
          totalStaked,
          totalReward: [total],
          perSecond: { rewardRate: [rate], periodFinish: [finish], rewardsDuration: [duration] },
        })
      },
    }
  },
  encodeAction: synthetixPool.encodeAction,
  positionReads(pool, _pid, user) {
    return [synthetixPool.stakedRead(pool, user), contractCall(pool, stakingRewardsAbi, 'earned', [user])]
  },
  toPosition(values) {
    const [staked, earned] = values as [bigint, bigint]
    return { staked, pendingRewards: [earned] }
  },
}
