import { randomUUID } from 'node:crypto'
import { it } from 'vitest'
import { openSqlClient, type SqlClient } from '../src/store/index.js'

/** A fresh database for one test file, and how to drop it. */
export type OpenStore = () => Promise<{ client: SqlClient; cleanup: () => Promise<void> }>

/**
 * The databases a store test runs on, by name: PGlite in memory always, in the process and in a
 * worker thread (the devnet's laid store opens there); PostgreSQL when
 * DATABASE_URL is set, in a schema of its own that is dropped after (without it, a skipped test
 * says so).
 */
export function sqlStores(): [string, OpenStore][] {
  const stores: [string, OpenStore][] = [
    [
      'PGlite',
      async () => {
        const client = await openSqlClient({ dataDir: 'memory://' })
        return { client, cleanup: () => client.close() }
      },
    ],
    [
      'PGlite in a worker',
      async () => {
        const client = await openSqlClient({ dataDir: 'memory://', inWorker: true })
        return { client, cleanup: () => client.close() }
      },
    ],
  ]
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    it.skip('PostgreSQL store: DATABASE_URL is not set, so only PGlite runs', () => {})
    return stores
  }
  stores.push([
    'PostgreSQL',
    async () => {
      const schema = `test_${randomUUID().replaceAll('-', '')}`
      const admin = await openSqlClient({ databaseUrl, dataDir: 'unused' })
      await admin.query(`create schema ${schema}`)
      const url = new URL(databaseUrl)
      url.searchParams.set('options', `-c search_path=${schema}`)
      const client = await openSqlClient({ databaseUrl: url.toString(), dataDir: 'unused' })
      return {
        client,
        cleanup: async () => {
          await client.close()
          await admin.query(`drop schema ${schema} cascade`)
          await admin.close()
        },
      }
    },
  ])
  return stores
}
