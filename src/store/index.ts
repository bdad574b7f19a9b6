export { openSqlClient } from './openSqlClient.js'
export { migrate, migrations } from './migrations.js'
export { SnapshotStore, type AprPoint, type HistoryEntry, type PricePerSharePoint, type TvlPoint } from './SnapshotStore.js'
export type { SqlClient } from './SqlClient.js'
