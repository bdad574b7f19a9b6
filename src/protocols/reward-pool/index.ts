export { encodePoolAction, userPositionReads, poolLengthRead, poolInfoRead } from './rewardPoolCalls.js'
