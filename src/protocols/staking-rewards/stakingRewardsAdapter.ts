import { encodeFunctionData, getAddress, type Address } from 'viem'
import { stakingRewardsAbi } from '../../../contracts/artifacts/index.js'
import { contractCall } from '../../chain/index.js'
import { eventDecoder } from '../events/index.js'
import { perSecondPoolState } from '../reward-pool/perSecondPoolState.js'
import type { PoolAction, RewardPoolAdapter } from '../reward-pool/RewardPoolAdapter.js'

const FUNCTIONS: Record<PoolAction, 'stake' | 'withdraw' | 'getReward'> = { stake: 'stake', unstake: 'withdraw', claim: 'getReward' }

/**
 * Synthetix StakingRewards: one staking pool (pid 0) paying one reward token at `rewardRate` wei
 * per second until `periodFinish`. `stake(amount)`, `withdraw(amount)`, `getReward()`; the stake
 * is `balanceOf`, the pending reward `earned`, the total staked `totalSupply()`.
 */
export const stakingRewardsAdapter: RewardPoolAdapter = {
  kind: 'staking-rewards',
  // RewardPaid does not name its token: it is the pool's one `rewardsToken`.
  events: eventDecoder(stakingRewardsAbi, {
    Staked: (args) => ({ action: 'stake', account: args.user as Address, amount: args.amount as bigint }),
    Withdrawn: (args) => ({ action: 'unstake', account: args.user as Address, amount: args.amount as bigint }),
    RewardPaid: (args) => ({ action: 'claim', account: args.user as Address, amount: args.reward as bigint }),
  }),
  listReads(batch, pool) {
    const reward = batch.add(contractCall(pool, stakingRewardsAbi, 'rewardsToken'))
    return () => {
      const token = reward.value()
      return token ? { length: 1, rewardTokens: [getAddress(token)] } : undefined
    }
  },
  stakingTokenReads(batch, pool) {
    const staking = batch.add(contractCall(pool, stakingRewardsAbi, 'stakingToken'))
    return () => {
      const token = staking.value()
      return token ? [getAddress(token)] : undefined
    }
  },
  stateReads(batch, pool, lists) {
    const read = {
      stakingToken: batch.add(contractCall(pool, stakingRewardsAbi, 'stakingToken')),
      totalSupply: batch.add(contractCall(pool, stakingRewardsAbi, 'totalSupply')),
      rewardRate: batch.add(contractCall(pool, stakingRewardsAbi, 'rewardRate')),
      periodFinish: batch.add(contractCall(pool, stakingRewardsAbi, 'periodFinish')),
      rewardsDuration: batch.add(contractCall(pool, stakingRewardsAbi, 'rewardsDuration')),
      rewardForDuration: batch.add(contractCall(pool, stakingRewardsAbi, 'getRewardForDuration')),
    }
    const stakingTokens = () => {
      const token = read.stakingToken.value()
      return token ? [getAddress(token)] : undefined
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
  encodeAction(action, _pid, amount) {
    const functionName = FUNCTIONS[action]
    return functionName === 'getReward'
      ? encodeFunctionData({ abi: stakingRewardsAbi, functionName })
      : encodeFunctionData({ abi: stakingRewardsAbi, functionName, args: [amount] })
  },
  positionReads(pool, _pid, user) {
    return [contractCall(pool, stakingRewardsAbi, 'balanceOf', [user]), contractCall(pool, stakingRewardsAbi, 'earned', [user])]
  },
  toPosition(values) {
    const [staked, earned] = values as [bigint, bigint]
    return { staked, pendingRewards: [earned] }
  },
}
