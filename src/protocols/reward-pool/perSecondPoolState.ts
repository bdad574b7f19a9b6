import { zeroAddress, type Address } from 'viem'
import { NO_END_BLOCK, type PerSecondRewards, type RewardPoolKind, type RewardPoolState } from './RewardPoolAdapter.js'

/**
 * The state of a Synthetix-style pool (one staking pool, pid 0, rewards per second) in the
 * reference contract's terms. Its per-block fields (rewardPerBlock, startBlock, endBlock) need the
 * chain's block time and are filled when the state is priced (pricing's `perSecondInBlocks`);
 * until then they are 0 and NO_END_BLOCK. No delays, caps, fees or participant count.
 */
export function perSecondPoolState(input: {
  address: Address
  kind: RewardPoolKind
  rewardTokens: Address[]
  stakingToken: Address
  /** Staking token wei (`totalSupply()`). */
  totalStaked: bigint
  /** Wei of each reward token per period (`getRewardForDuration`). */
  totalReward: bigint[]
  perSecond: PerSecondRewards
}): RewardPoolState {
  return {
    address: input.address,
    kind: input.kind,
    rewardTokens: input.rewardTokens,
    rewardPerBlock: input.rewardTokens.map(() => 0n),
    totalReward: input.totalReward,
    startBlock: 0n,
    endBlock: NO_END_BLOCK,
    claimDelay: 0n,
    unstakeDelayDuration: 0n,
    // One staking pool takes all the rewards.
    totalAllocPoint: 1n,
    // The contract holds the rewards it was notified of.
    rewardVault: input.address,
    feeManager: zeroAddress,
    protocolFee: 0n,
    withdrawPenaltyFee: 0n,
    withdrawPenaltyBlock: 0n,
    compoundEnabled: false,
    stakingPools: [
      {
        pid: 0,
        stakingToken: input.stakingToken,
        allocPoint: 1n,
        depositCap: 0n,
        capValidUntilBlock: 0n,
        totalStaked: input.totalStaked,
        participants: undefined,
        swapPath: [],
      },
    ],
    perSecond: input.perSecond,
  }
}
