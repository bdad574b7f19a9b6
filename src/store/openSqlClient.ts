import { mkdirSync } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { clusterStart, imageBlob, writeImageFile, PGLITE_SETTINGS } from './freshCluster.js'
import { copySql, type CopyRows, type SqlClient } from './SqlClient.js'
import { openWorkerSqlClient } from './workerSqlClient.js'

/**
 * PostgreSQL when `databaseUrl` is given (a pool of connections), otherwise embedded PGlite in
 * `dataDir` (`memory://` keeps it in memory, for tests; with `image`, the cluster a packDataDir
 * file holds, as fast as opening a folder and without copying one; with `inWorker`, in a worker
 * thread of its own, see openWorkerSqlClient).
 */
export async function openSqlClient(options: { databaseUrl?: string; dataDir: string; image?: string; inWorker?: boolean }): Promise<SqlClient> {
  if (!options.databaseUrl && !options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true })
  // A new cluster of PGlite's opens from the image of a fresh one when there is one (clusterStart).
  const start = options.databaseUrl ? {} : clusterStart(options)
  if (options.inWorker && !options.databaseUrl) return openWorkerSqlClient({ dataDir: options.dataDir, ...start })
  if (options.databaseUrl) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4, connectionTimeoutMillis: 5_000 })
    // An idle connection that dies (database restarted) must not crash the process.
    pool.on('error', () => undefined)
    const query: SqlClient['query'] = async (sql, params = []) => (await pool.query(sql, params as unknown[])).rows
    const { from: copyFrom } = await import('pg-copy-streams')
    const connected = async <T>(work: (client: import('pg').PoolClient) => Promise<T>): Promise<T> => {
      const client = await pool.connect()
      try {
        return await work(client)
      } finally {
        client.release()
      }
    }
    const queryOf =
      (client: import('pg').PoolClient): SqlClient['query'] =>
      async (sql, params = []) =>
        (await client.query(sql, params as unknown[])).rows
    return {
      query,
      session: (work) => connected((client) => work(queryOf(client))),
      transaction: (work) =>
        connected(async (client) => {
          const inSession = queryOf(client)
          const copy: CopyRows = (table, columns, text) => pipeline(Readable.from([text]), client.query(copyFrom(copySql(table, columns, 'stdin'))))
          await inSession('begin')
          try {
            const result = await work(inSession, copy)
            await inSession('commit')
            return result
          } catch (error) {
            await inSession('rollback')
            throw error
          }
        }),
      close: () => pool.end(),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS]
  const db = await PGlite.create(options.dataDir, { startParams, ...(start.image && { loadDataDir: await imageBlob(start.image) }) })
  if (start.keepAs) await writeImageFile(await db.dumpDataDir('none'), start.keepAs).catch(() => undefined)
  const query: SqlClient['query'] = async (sql, params = []) => (await db.query(sql, params as unknown[])).rows as never
  return {
    query,
    session: (work) => work(query),
    // PGlite's own transaction holds the database for its queries alone: no other query runs in between.
    transaction: (work) =>
      db.transaction((tx) =>
        work(
          async (sql, params = []) => (await tx.query(sql, params as unknown[])).rows as never,
          async (table, columns, text) => {
            await tx.query(copySql(table, columns, `'/dev/blob'`), [], { blob: new Blob([text]) })
          },
        ),
      ),
    close: () => db.close(),
  }
}

/** Writes PGlite's cluster in `dataDir` to `file`, as one uncompressed image openSqlClient's `image` opens (a tar: gzip would cost more to open than it saves to read). */
export async function packDataDir(dataDir: string, file: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create(dataDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] })
  try {
    await writeImageFile(await db.dumpDataDir('none'), file)
  } finally {
    await db.close()
  }
}
