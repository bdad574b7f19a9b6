export { openSqlClient } from './openSqlClient.js'
export { migrate, migrations } from './migrations.js'
export { SnapshotStore, type HistoryEntry, type TvlPoint, type AprPoint } from './SnapshotStore.js'
export type { SqlClient } from './SqlClient.js'
