import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BUILT, builtIsCurrent } from '../scripts/builtIsCurrent.mjs'
import { INDEXING_V8_FLAGS, PRODUCTION_V8_FLAGS } from '../scripts/productionV8Flags.mjs'
import { getJson, registryFile, startService, type ServiceProcess } from './processes.js'

describe('the production build', () => {
  let service: ServiceProcess | undefined
  afterAll(() => service?.stop('SIGTERM'))

  it('`npm run build` compiles once, and `npm start` with NODE_ENV=production serves from the compiled JavaScript', async () => {
    // `npm install` built it (a clean clone's is current); a checkout whose sources changed since
    // builds it here. Never again while it is current: other files' service processes run it.
    if (!builtIsCurrent()) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'pipe', timeout: 120_000 })
    expect(builtIsCurrent()).toBe(true)
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
    service = await startService(
      'api',
      { REGISTRY_FILE: registryFile(), DATA_DIR: mkdtempSync(join(tmpdir(), 'pglite-')), LOG_LEVEL: 'warn' },
      { production: true },
    )
    expect((await getJson(service.port, '/version')).body).toEqual({ version })
    // The page and the guides are found from the package's root, wherever the build's file sits.
    for (const path of ['/', '/guides/dapps.md']) expect((await fetch(`http://127.0.0.1:${service.port}${path}`)).status, path).toBe(200)
    // What runs is the build's one file (bundleService.mjs), not TypeScript through tsx.
    const command = execFileSync('ps', ['-o', 'args=', '--ppid', String(service.child.pid)], { encoding: 'utf8' })
    expect(command).toContain(BUILT)
    expect(command).not.toContain('tsx')
    // One file, all ASCII: V8 would keep a source with one other character at two bytes each.
    expect(readFileSync(BUILT).every((byte) => byte < 0x80)).toBe(true)
    // With the heap sizes of a replica.
    for (const flag of PRODUCTION_V8_FLAGS) expect(command).toContain(flag)
  })

  it('runs a refresher, which holds the event index, under the heap sizes of an indexing process', async () => {
    const refresher = await startService(
      'refresher',
      { REGISTRY_FILE: registryFile(), DATA_DIR: mkdtempSync(join(tmpdir(), 'pglite-')), LOG_LEVEL: 'info' },
      { production: true },
    )
    try {
      const command = execFileSync('ps', ['-o', 'args=', '--ppid', String(refresher.child.pid)], { encoding: 'utf8' })
      expect(command).toContain(BUILT)
      for (const flag of INDEXING_V8_FLAGS) expect(command).toContain(flag)
      // A replica's heap sizes are not a refresher's (no pretenuring is both roles').
      for (const flag of PRODUCTION_V8_FLAGS.filter((each) => !INDEXING_V8_FLAGS.includes(each))) expect(command).not.toContain(flag)
    } finally {
      await refresher.stop('SIGTERM')
    }
  })

  it('refuses to start in production without a build, in one line', () => {
    const result = (() => {
      try {
        execFileSync(process.execPath, [join(process.cwd(), 'scripts/start.mjs')], {
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
          cwd: mkdtempSync(join(tmpdir(), 'nobuild-')),
          stdio: 'pipe',
        })
        return { status: 0, stderr: '' }
      } catch (error) {
        return error as { status: number; stderr: Buffer }
      }
    })()
    expect(result.status).toBe(1)
    expect(String(result.stderr)).toContain('run `npm run build` first')
  })
})
