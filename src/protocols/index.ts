export { vaultAdapterFor, divUp, type VaultAdapter, type VaultPosition } from './vault/index.js'
export {
  allFeesRead,
  oldFeesReads,
  callRewardRead,
  DEFAULT_HARVESTER,
  encodeHarvest,
  farmOfRead,
  type FarmState,
  farmStateReads,
  lastHarvestRead,
  pausedRead,
  strategyEvents,
} from './strategy/index.js'
export { estimateSwapRead, encodeZapIn, encodeZapInNative, encodeZapOut, minimumOutput, pairReservesRead } from './zap/index.js'
export {
  rewardPoolAdapterFor,
  NO_END_BLOCK,
  type RewardPoolFamily,
  type RewardPoolAdapter,
  type RewardPoolKind,
  type PoolAction,
  type PoolLists,
  type PoolStateReads,
  type PoolPositionValues,
  type RewardPoolState,
  type StakingPoolState,
  type PerSecondRewards,
} from './reward-pool/index.js'
export {
  tokenTextRead,
  decimalsRead,
  balanceOfRead,
  allowanceRead,
  encodeApprove,
  nativeBalanceRead,
  totalSupplyRead,
  transferEvents,
} from './erc20/index.js'
export { errorsAbi } from './errorsAbi.js'
export { explainRevert, revertLacksFunds } from './explainRevert.js'
export { eventDecoders, type AccountAction, type ContractAction, type EventDecoder, type RawLog } from './events/index.js'
