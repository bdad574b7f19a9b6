export { masterChefAdapter, SUSHISWAP_FUNCTIONS, type MasterChefFunctions } from './masterChefAdapter.js'
