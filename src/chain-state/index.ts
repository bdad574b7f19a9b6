export { bridgeKey, type ChainState, type RewardPoolState, type StakingPoolState, type StrategyState, type TokenFacts } from './ChainState.js'
export {
  encodeSnapshot,
  decodeSnapshot,
  type ApyBase,
  type ChainSnapshot,
  type Compoundings,
  type FigureJump,
  type PairPoint,
  type SnapshotIndex,
} from './ChainSnapshot.js'
export { readChainState, readPoolAt, startPoolAt, type PoolsRead, type ReadChainStateOptions } from './readChainState.js'
export { readStaticFacts, staticFactsOf, type PoolFacts, type PoolLists, type StaticFacts } from './readStaticFacts.js'
export { readHarvestCosts, type HarvestCosts, type StrategyFees } from './readHarvestCosts.js'
export { lpPairName, symbolOf } from './tokenNames.js'
