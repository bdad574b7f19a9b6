export { toUnits, priceFromFeed, priceFromPair, lpTokenPrice, type PriceFailure, type PriceResult } from './priceMath.js'
export {
  DEFAULT_FIGURE_POLICY,
  resolvePrices,
  type PriceCheck,
  type PriceInputs,
  type FigurePolicy,
  type PriceSource,
  type TokenPrice,
} from './resolvePrices.js'
export { describePriceFailure } from './describePriceFailure.js'
export { stakingPoolApr, SECONDS_PER_YEAR, type RewardEmission, type AprResult } from './apr.js'
export { chainPrices, type PricedState } from './chainPrices.js'
export { usdValueOf, type Valued } from './usdValueOf.js'
export { chainTvl, rewardPoolTvl, type ChainTvl, type PoolTvl, type TvlPart } from './tvl.js'
export { stakingAprs, type StakingApr } from './stakingAprs.js'
export { perPoolInputs } from './poolInputs.js'
export { completedAprRecord, type CompletedApr } from './completedApr.js'
export { perSecondInBlocks } from './perSecondInBlocks.js'
export { priceImpactPercent, pricedThroughPair, spotDeviationPercent, type PricedAmount } from './swapPrice.js'
export { APY_WINDOW_TOLERANCE, APY_WINDOWS, apyOf, pricePerShare, type ApyWindow } from './vaultYield.js'
export { rememberSnapshotPrices, snapshotPrices } from './snapshotPrices.js'
export { ceilingFlags, figureKey, jumpFlags, type FigureDigest } from './figureFlags.js'
export { priceFlags } from './priceFlags.js'
export { priceEntries, priceEntry } from './priceEntry.js'
export { blockValuesOf, sharesWorthAt, valueAt, type BlockPrices, type BlockValues, type PriceAt } from './blockValues.js'
