export { erc4626VaultAdapter } from './erc4626VaultAdapter.js'
