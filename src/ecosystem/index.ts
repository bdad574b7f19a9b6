export { totalValueLocked, TVL_PLATFORMS, type TvlPlatform, type TvlAnswer } from './totalValueLocked.js'
export { bridges } from './bridges.js'
export { lpValue } from './lpValue.js'
export { chainTokens } from './chainTokens.js'
