export { divUp, type VaultAdapter, type VaultPosition } from './VaultAdapter.js'
