// What the composition root needs of the devnet before the rest of the service has loaded: its
// modules import no viem at run time, so a laid past's anvils start loading while the rest does
// (index.ts offers the whole room).
export { stopAllAnvils } from './anvil.js'
export { laidFolderOf, laidStoreOf, unloadableReason } from './laidPast.js'
export { startDevnet } from './startDevnet.js'
