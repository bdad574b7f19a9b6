export { readChainState, readPoolAt, startPoolAt, type PoolsRead, type ReadChainStateOptions } from './readChainState.js'
export { readStaticFacts, staticFactsOf, type PoolFacts, type PoolLists, type StaticFacts } from './readStaticFacts.js'
export { readHarvestCosts } from './readHarvestCosts.js'
export { strategyFeesOf, strategyFeeReads } from './strategyFees.js'
export {
  addNamed,
  alwaysRead,
  keysOf,
  minus,
  noneChanged,
  union,
  watchListOf,
  type ChangedContracts,
  type NamingLog,
  type WatchList,
} from './changedContracts.js'
export { advanceState, readChangedState, type ChangedRead, type StateValues } from './readChangedState.js'
