export {
  type ChainContext,
  eventIndexOf,
  notRegistered,
  onChain,
  type ServiceContext,
  withheldFromService,
  withinRequest,
} from './context.js'
export { pricedStateOf } from './pricedStateOf.js'
export { pastPricesOf } from './pastPrices.js'
export { perState } from './perState.js'
export { freshnessOf, type Freshness } from './freshness.js'
export { servedBlock, type BlockSource } from './servedBlock.js'
