export { factoryPairRead, pairReservesRead, pairTokensReads } from './pairCalls.js'
