export { formats, parseTimestamp, type FormatName } from './formats.js'
export { checksummed, isEvmAddress } from './address.js'
export { createValidator, toFieldErrors, codeForErrors, compileCheck, type FieldError } from './validator.js'
export { AddressSchema, AmountSchema, ChainIdSchema, ChainQuerySchema, ChecksummedAddressSchema, DigitsSchema, HexSchema, toChainId } from './common.js'
export { DEVNET_TRY_ACCOUNT, DevnetManifestSchema, DevnetChainManifestSchema, type DevnetManifest, type DevnetChainManifest } from './devnet.js'
export {
  BalanceChangeSchema,
  BatchCallSchema,
  TxDescriptorSchema,
  UnsignedTxSchema,
  ZapOutTxDescriptorSchema,
  ZapTxDescriptorSchema,
  type BalanceChange,
  type TxDescriptor,
  type UnsignedTx,
  type ZapOutTxDescriptor,
} from './tx.js'
export {
  TokenMetadataSchema,
  BridgeSchema,
  RewardPoolSchema,
  StakingPoolSchema,
  type TokenMetadata,
  type Bridge,
  type RewardPoolObject,
} from './ecosystem.js'
export { HarvestableEntrySchema, VaultListingSchema, type HarvestableEntry, type VaultListing } from './yieldAnswers.js'
export {
  FlagSchema,
  FlagsSchema,
  PriceSourceSchema,
  PricedFields,
  TokenPriceSchema,
  type Flag,
  type PriceSourceField,
  type TokenPriceEntry,
} from './figures.js'
export { VaultInputsSchema, type VaultInputs } from './vaultInputs.js'
