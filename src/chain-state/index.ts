export { bridgeKey, type ChainState, type RewardPoolState, type StakingPoolState, type TokenFacts } from './ChainState.js'
export { encodeSnapshot, decodeSnapshot, type ChainSnapshot } from './ChainSnapshot.js'
export { readChainState, readPoolAt, type ReadChainStateOptions } from './readChainState.js'
export { readStaticFacts, staticFactsOf, type StaticFacts, type PoolFacts } from './readStaticFacts.js'
