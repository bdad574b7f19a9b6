export { masterChefAdapter, SUSHISWAP_FUNCTIONS, KNOWN_MASTERCHEF_FUNCTIONS, type MasterChefFunctions } from './masterChefAdapter.js'
