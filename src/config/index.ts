export { loadConfig, ConfigError } from './loadConfig.js'
export { ConfigSchema, type Config, type ChainConfig } from './schema.js'
export { knownChains, type ChainProfile } from './knownChains.js'
