export { vaultAdapterFor, vaultAdapters } from './vaultAdapterFor.js'
export { divUp, type VaultAdapter, type VaultPosition } from './VaultAdapter.js'
