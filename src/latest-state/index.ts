export { pricedStateOf } from './pricedStateOf.js'
export { pastPricesOf } from './pastPricesOf.js'
export { perState } from './perState.js'
export { freshnessOf, type Freshness } from './freshness.js'
