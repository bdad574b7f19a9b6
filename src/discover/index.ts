export { discoverChain } from './discoverChain.js'
export { mergeRegistry } from './mergeRegistry.js'
export { DEFAULT_HEARTBEAT_SECONDS, type DiscoverInput, type Discovery, type NamedFeed, type Unresolved } from './Discovery.js'
