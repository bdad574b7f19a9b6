export { encodePoolAction, userPositionReads } from './rewardPoolCalls.js'
