export { BlockClock, WINDOW_BLOCKS, SEGMENT_BLOCKS, type BlockSample } from './BlockClock.js'
export { blockTimeOf, noBlockTimeNote, type BlockTime } from './blockTimeOf.js'
export { measureBlockTime } from './measureBlockTime.js'
export { readBlockSamples } from './readBlockSamples.js'
