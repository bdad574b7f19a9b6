export { pricedStateOf } from './pricedStateOf.js'
export { perState } from './perState.js'
export { freshnessOf, type Freshness } from './freshness.js'
