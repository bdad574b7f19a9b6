export { pricedStateOf } from './pricedStateOf.js'
export { perState } from './perState.js'
export { freshnessOf, type Freshness } from './freshness.js'
export { pricesAtBlocks, sharesWorthAt, valueAt, type BlockPrices, type PriceAt } from './pricesAtBlocks.js'
