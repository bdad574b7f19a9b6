export { stakingRewardsAdapter } from './stakingRewardsAdapter.js'
