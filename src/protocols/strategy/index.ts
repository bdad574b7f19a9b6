export { farmOfRead, type FarmState, farmStateReads } from './farmCalls.js'
export {
  allFeesRead,
  callRewardRead,
  DEFAULT_HARVESTER,
  encodeHarvest,
  lastHarvestRead,
  feeCategoryReads,
  feeManagerReads,
  pausedRead,
  strategyTokenReads,
} from './strategyCalls.js'
export { strategyEvents } from './strategyEvents.js'
