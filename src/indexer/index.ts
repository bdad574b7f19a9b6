export { EventIndex, type EventIndexDeps } from './EventIndex.js'
export { ChainIndexer, type ChainIndexerOptions, type IndexProgress } from './ChainIndexer.js'
export { followedContracts, type FollowedContract } from './followedContracts.js'
export { LogRange, suggestedSpan, TARGET_LOGS_PER_REQUEST } from './LogRange.js'
