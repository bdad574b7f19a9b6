export { referencePoolAdapter } from './referencePoolAdapter.js'
export {
  NO_END_BLOCK,
  type RewardPoolAdapter,
  type RewardPoolKind,
  type PoolAction,
  type PoolLists,
  type PoolStateReads,
  type PoolPositionValues,
  type RewardPoolState,
  type StakingPoolState,
  type PerSecondRewards,
} from './RewardPoolAdapter.js'
