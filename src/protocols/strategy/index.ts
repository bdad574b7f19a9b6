export { farmOfRead, type FarmState, farmStateReads } from './farmCalls.js'
export { allFeesRead, callRewardRead, DEFAULT_HARVESTER, encodeHarvest, lastHarvestRead, pausedRead } from './strategyCalls.js'
export { strategyEvents } from './strategyEvents.js'
