export { figureDigest } from './figureDigest.js'
export { dataHealth, flagCounts, FLAG_KINDS, type DataHealth } from './dataHealth.js'
