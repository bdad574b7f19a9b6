export { chainPositions, type ChainPositions, type UserPosition } from './userPositions.js'
