export { loadConfig, ConfigError } from './loadConfig.js'
export { ConfigSchema, type Config, type ChainConfig } from './schema.js'
export { DEFAULT_FINALITY_DEPTH, finalityDepthOf, knownChains, type ChainProfile } from './knownChains.js'
export { packageRoot } from './packageRoot.js'
