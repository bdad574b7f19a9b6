export { rewardPoolAdapterFor, rewardPoolFamilies, type RewardPoolFamily, vaultAdapterFor, vaultAdapters } from './adapters.js'
export { divUp, type VaultAdapter, type VaultPosition } from './vault/index.js'
export {
  allFeesRead,
  feeCategoryReads,
  feeManagerReads,
  callRewardRead,
  DEFAULT_HARVESTER,
  encodeHarvest,
  farmOfRead,
  type FarmState,
  farmStateReads,
  lastHarvestRead,
  pausedRead,
  strategyEvents,
  strategyTokenReads,
} from './strategy/index.js'
export { estimateSwapRead, encodeZapIn, encodeZapInNative, encodeZapOut, minimumOutput } from './zap/index.js'
export { factoryPairRead, pairReservesRead, pairTokensReads } from './v2-pair/index.js'
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
