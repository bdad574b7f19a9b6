import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetRegistry } from '../src/devnet/index.js'
import { devnet } from './devnet.js'
import { getJson, startService, type ServiceProcess } from './processes.js'

type Row = { chainId: number; entry: string; check: string; level: string; detail: string }

/** The registry checked at every start: each error a log line of its own, and /status says them. */
describe('the registry check at start', () => {
  let service: ServiceProcess | undefined
  afterAll(() => service?.stop('SIGTERM'))

  it('logs an entry with no code on a line of its own and lists it in /status, while serving', async () => {
    const file = devnetRegistry(devnet())
    const ghost = '0x00000000000000000000000000000000000bEEf1'
    file.chains['56']!.tokens.push({ address: ghost, symbol: 'GHOST', decimals: 18 })
    const dir = mkdtempSync(join(tmpdir(), 'registry-'))
    writeFileSync(join(dir, 'registry.json'), JSON.stringify(file))
    service = await startService('all', { REGISTRY_FILE: join(dir, 'registry.json'), DATA_DIR: join(dir, 'pglite'), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' })
    let registry: { checkedAt: string; errors: Row[]; warnings: Row[] } | null = null
    for (let waited = 0; registry === null && waited < 30_000; waited += 200) {
      registry = (await getJson<{ registry: typeof registry }>(service.port, '/status')).body.registry
      if (registry === null) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(registry).not.toBeNull()
    expect(registry!.errors).toContainEqual({
      chainId: 56,
      entry: `token GHOST ${ghost}`,
      check: 'code',
      level: 'error',
      detail: `no contract at ${ghost} on chain 56`,
    })
    expect(service.output()).toContain(`registry check: chain 56 token GHOST ${ghost}: code: no contract at ${ghost} on chain 56`)
    // It serves meanwhile.
    expect((await getJson(service.port, '/tokens?chain=56')).status).toBe(200)
  })
})
