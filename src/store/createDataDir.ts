import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { migrate } from './migrations.js'
import { openSqlClient } from './openSqlClient.js'

/**
 * Creates PGlite's cluster in `dataDir`, with the schema, when the folder holds none yet; returns
 * whether it did. A new cluster costs PGlite seconds of CPU, an existing one opens in a fraction:
 * `npm install` creates the devnet's, so its first start does not pay for it.
 */
export async function createDataDir(dataDir: string): Promise<boolean> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return false
  const sql = await openSqlClient({ dataDir })
  try {
    await migrate(sql)
  } finally {
    await sql.close()
  }
  return true
}
