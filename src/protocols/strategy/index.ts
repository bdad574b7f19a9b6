export { encodeHarvest, callRewardRead } from './strategyCalls.js'
