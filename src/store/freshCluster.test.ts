import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { clusterStart, freshClusterStart } from './freshCluster.js'
import { migrate, migrations } from './migrations.js'
import { openSqlClient } from './openSqlClient.js'

const tables = `select table_name from information_schema.tables where table_schema = 'public' order by table_name`

it('opens every new cluster after the first from the image of a fresh one: empty, whatever was written to the one before', async () => {
  for (const inWorker of [false, true]) {
    const first = await openSqlClient({ dataDir: 'memory://', inWorker })
    await first.query('create table left_behind (id integer)')
    await first.close()
    expect(freshClusterStart().image).toMatch(/pglite-[0-9.]+-fresh\.tar$/)

    const next = await openSqlClient({ dataDir: 'memory://', inWorker })
    try {
      expect(await next.query(tables)).toEqual([])
      expect(await migrate(next)).toBe(migrations.length)
    } finally {
      await next.close()
    }
  }
})

it('opens a folder that holds a cluster as it is, and a new folder from the fresh image', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'pglite-'))
  expect(clusterStart({ dataDir: folder }).image).toBeDefined()
  const first = await openSqlClient({ dataDir: folder, inWorker: true })
  await first.query('create table kept (id integer)')
  await first.close()
  expect(clusterStart({ dataDir: folder })).toEqual({})

  const again = await openSqlClient({ dataDir: folder, inWorker: true })
  try {
    expect(await again.query(tables)).toEqual([{ table_name: 'kept' }])
  } finally {
    await again.close()
  }
})
