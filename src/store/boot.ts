// What the composition root needs of the store before the rest of the service has loaded: the
// devnet's laid store opens beside its chains (index.ts offers the whole room).
export { openSqlClient } from './openSqlClient.js'
