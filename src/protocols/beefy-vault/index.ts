export { beefyVaultAdapter, sharesForUnderlying } from './beefyVaultAdapter.js'
