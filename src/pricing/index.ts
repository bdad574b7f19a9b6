export { toUnits, priceFromFeed, priceFromPair, lpTokenPrice, type PriceFailure, type PriceResult } from './priceMath.js'
export { resolvePrices, type TokenPrice, type PriceInputs } from './resolvePrices.js'
export { describePriceFailure } from './describePriceFailure.js'
export { stakingPoolApr, SECONDS_PER_YEAR, type RewardEmission, type AprResult } from './apr.js'
