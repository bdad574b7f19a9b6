import { maxUint256, type Address, type Hex } from 'viem'
import type { RawCall, ReadBatch } from '../../chain/index.js'
import type { EventDecoder } from '../events/index.js'

/** The reward pool families the registry's `kind` names; `reference` when it names none. */
export type RewardPoolKind = 'reference' | 'masterchef' | 'staking-rewards' | 'multi-rewards'

/** A user action on a staking pool: P1 stake, P2 unstake, P3 claim. */
export type PoolAction = 'stake' | 'unstake' | 'claim'

/**
 * The block number that stands for "no end" (a MasterChef pays until its owner changes it):
 * larger than any block, so a pool with it never counts as ended. E2 shows it as endBlock "0".
 */
export const NO_END_BLOCK = maxUint256

/** One staking pool of a reward pool at a block. */
export interface StakingPoolState {
  pid: number
  stakingToken: Address
  allocPoint: bigint
  /** Per-user cap, staking token wei; 0 = none. */
  depositCap: bigint
  capValidUntilBlock: bigint
  /** Staking token wei. */
  totalStaked: bigint
  /** Stakers with a stake; undefined where the family does not count them (MasterChef, Synthetix). */
  participants: bigint | undefined
  swapPath: Address[]
}

/**
 * What families paying per second (Synthetix StakingRewards, MultiRewards) say of their rewards,
 * per reward token in `rewardTokens` order. Turned into per-block values with the chain's block
 * time when the state is priced (the state itself is read without one).
 */
export interface PerSecondRewards {
  /** Wei per second (`rewardRate`). */
  rewardRate: bigint[]
  /** Timestamp (seconds) after which the token pays nothing (`periodFinish`). */
  periodFinish: bigint[]
  /** Seconds each notified amount is paid over (`rewardsDuration`). */
  rewardsDuration: bigint[]
}

/**
 * A reward pool at a block, in the reference contract's terms whatever its family: what E2, P6,
 * P7, E1 and the APR math read. Fees are basis points; blocks are block numbers. A family that
 * lacks a field has its documented value (docs/your-vaults.md, "Reward pool families").
 */
export interface RewardPoolState {
  address: Address
  kind: RewardPoolKind
  rewardTokens: Address[]
  /** Wei of each reward token per block, in `rewardTokens` order (per-second families: filled when priced). */
  rewardPerBlock: bigint[]
  totalReward: bigint[]
  startBlock: bigint
  /** NO_END_BLOCK when the pool has no end. */
  endBlock: bigint
  claimDelay: bigint
  unstakeDelayDuration: bigint
  totalAllocPoint: bigint
  rewardVault: Address
  feeManager: Address
  protocolFee: bigint
  withdrawPenaltyFee: bigint
  withdrawPenaltyBlock: bigint
  compoundEnabled: boolean
  stakingPools: StakingPoolState[]
  /** Per-second families only: the rates and periods rewardPerBlock, startBlock and endBlock come from. */
  perSecond?: PerSecondRewards
}

/** What a reward pool's first reads say: how many staking pools it has, its reward tokens, and (once known) its staking tokens. */
export interface PoolLists {
  length: number
  rewardTokens: Address[]
  /** Staking token of each pid, when already known (static facts); families whose state reads depend on them use these. */
  stakingTokens?: Address[]
}

/** The state reads of one pool added to a batch, and what they said once it ran. */
export interface PoolStateReads {
  /** How many staking pools (or reward tokens) the pool has now: differs from the lists when they are stale. */
  changed(): boolean
  /** Each pid's staking token; undefined when any read failed. */
  stakingTokens(): Address[] | undefined
  /** The state; undefined when a read failed, or when `followUp` must run first. */
  state(): RewardPoolState | undefined
  /**
   * For a family whose state needs this batch's answers (MasterChef's totals are balances of
   * staking tokens the batch just named): the reads of the next wave, and the state once it ran.
   */
  followUp?(batch: ReadBatch): () => RewardPoolState | undefined
}

/** A user's stake and pending rewards (wei, in `rewardTokens` order) from the values of `positionReads`. */
export interface PoolPositionValues {
  staked: bigint
  pendingRewards: bigint[]
}

/**
 * One reward pool family behind the interface the pool endpoints and the chain state use, as
 * VaultAdapter is for vaults: call data, the reads of a position, and the reads that fill the
 * normalized RewardPoolState. A new family is one new adapter and one line in rewardPoolAdapterFor (protocols/adapters.ts).
 */
export interface RewardPoolAdapter {
  readonly kind: RewardPoolKind
  /** As VaultAdapter's: whether a pool of the family can change its state without logging it, and so is read at every block. */
  readonly changesWithoutEvents: boolean
  /** The first wave: staking pool count and reward tokens (undefined when the pool did not answer). */
  listReads(batch: ReadBatch, pool: Address): () => PoolLists | undefined
  /** The staking token of each of `length` pids (undefined when any read failed). */
  stakingTokenReads(batch: ReadBatch, pool: Address, length: number): () => Address[] | undefined
  /** The per-block state reads of a pool whose lists are known. */
  stateReads(batch: ReadBatch, pool: Address, lists: PoolLists): PoolStateReads
  /** Call data of `action` on staking pool `pid`, `amount` staking token wei (unused by claim). */
  encodeAction(action: PoolAction, pid: bigint, amount: bigint): Hex
  /** The reads of `user`'s stake and pending rewards in `pid`, for one batch. */
  positionReads(pool: Address, pid: bigint, user: Address, rewardTokens: readonly Address[]): readonly RawCall<unknown>[]
  toPosition(values: readonly unknown[]): PoolPositionValues
  /** Its stake, unstake and reward events as account actions (the event index's reading of the family). */
  readonly events: EventDecoder
}
