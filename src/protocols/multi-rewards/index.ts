export { multiRewardsAdapter } from './multiRewardsAdapter.js'
