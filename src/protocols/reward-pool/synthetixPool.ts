import { getAddress, type Address, type Hex } from 'viem'
import { stakingRewardsAbi } from '../../../contracts/artifacts/index.js'
import { contractCall, type ReadBatch, encodeCall } from '../../chain/index.js'
import type { PoolAction } from './RewardPoolAdapter.js'

const FUNCTIONS: Record<PoolAction, 'stake' | 'withdraw' | 'getReward'> = { stake: 'stake', unstake: 'withdraw', claim: 'getReward' }

/**
 * What the Synthetix-style pools share (Synthetix's StakingRewards and Curve's MultiRewards): one
 * staking pool (pid 0) of `stakingToken()`; `stake(amount)`, `withdraw(amount)`, `getReward()`
 * (every reward token at once); `Staked` and `Withdrawn` events naming the user; the stake
 * `balanceOf`, the total staked `totalSupply()`. The two have the same signatures for these, so
 * StakingRewards' ABI encodes and reads them for both; each family adds its rewards' reads.
 */
export const synthetixPool = {
  /** The decoders of a stake and a withdrawal; a family adds its `RewardPaid`. */
  stakeEvents: {
    Staked: (args: Record<string, unknown>) => ({ action: 'stake' as const, account: args.user as Address, amount: args.amount as bigint }),
    Withdrawn: (args: Record<string, unknown>) => ({ action: 'unstake' as const, account: args.user as Address, amount: args.amount as bigint }),
  },

  /** The pool's one staking token, read in `batch`. */
  stakingTokenReads(batch: ReadBatch, pool: Address): () => Address[] | undefined {
    const staking = batch.add(contractCall(pool, stakingRewardsAbi, 'stakingToken'))
    return () => {
      const token = staking.value()
      return token ? [getAddress(token)] : undefined
    }
  },

  totalStakedRead(batch: ReadBatch, pool: Address): { value(): bigint | undefined } {
    return batch.add(contractCall(pool, stakingRewardsAbi, 'totalSupply'))
  },

  stakedRead(pool: Address, user: Address) {
    return contractCall(pool, stakingRewardsAbi, 'balanceOf', [user])
  },

  encodeAction(action: PoolAction, _pid: bigint, amount: bigint): Hex {
    const functionName = FUNCTIONS[action]
    return functionName === 'getReward' ? encodeCall(stakingRewardsAbi, functionName) : encodeCall(stakingRewardsAbi, functionName, [amount])
  },
}
