export {
  loadRegistry,
  buildRegistry,
  RegistryError,
  type Registry,
  type ChainRegistry,
  type Registered,
  type RegisteredVault,
} from './loadRegistry.js'
export { withhold, withheldReason, type Withholding } from './withhold.js'
export {
  RegistrySchema,
  type RegistryFile,
  type ChainRegistryFile,
  type TokenEntry,
  type PriceFeedEntry,
  type LpPairEntry,
  type VaultEntry,
  type RewardPoolEntry,
  type ChainBridgeEntry,
  type BridgeInfoEntry,
} from './schema.js'
