import { afterAll, describe, expect, it } from 'vitest'
import { readyBanner, readyFields } from '../src/logging/index.js'
import { DEVNET_TRY_ACCOUNT } from '../src/schema/index.js'
import { testApp } from './app.js'
import { devnet } from './devnet.js'
import { registryFile, startService, type ServiceProcess } from './processes.js'

/** What a person at a terminal and a log collector each read from a running service. */
describe('a terminal and logs that help', () => {
  const started: ServiceProcess[] = []
  afterAll(async () => {
    for (const service of started) await service.stop()
  })

  it('in a terminal: readable lines, a banner once ready, and probes kept out of the info lines', async () => {
    const service = await startService('all', { LOG_FORMAT: 'pretty', REGISTRY_FILE: registryFile() })
    started.push(service)
    for (let i = 0; i < 3; i++) await fetch(`http://127.0.0.1:${service.port}/healthz`)
    await fetch(`http://127.0.0.1:${service.port}/nowhere`)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const output = service.output()
    expect(output).toContain(`API     http://127.0.0.1:${service.port}`)
    expect(output).toContain(`http://127.0.0.1:${service.port}/docs`)
    expect(output).not.toMatch(/^\{"level"/m)
    expect(output).not.toContain('/healthz')
    expect(output).toMatch(/GET \/nowhere → 404 NOT_FOUND \([0-9.]+ ms\)/)
    // One line a request: no field lines under it (colours stripped).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape of a terminal colour
    const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
    const at = lines.findIndex((line) => line.includes('GET /nowhere'))
    expect(at).toBeGreaterThanOrEqual(0)
    expect(lines[at + 1] ?? '', output).not.toMatch(/^\s+(method|url|status|ms|code|requestId):/)
    expect(lines.some((line) => /^\s+requestId:/.test(line))).toBe(false)
  })

  it('otherwise: JSON lines; an error line carries its code and request id; a ready line names the URL', async () => {
    const service = await startService('all', { LOG_FORMAT: 'json', REGISTRY_FILE: registryFile() })
    started.push(service)
    await fetch(`http://127.0.0.1:${service.port}/nowhere`, { headers: { 'x-request-id': 'from-the-edge' } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const lines = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.find((line) => String(line.msg).startsWith('ready:'))).toMatchObject({ url: `http://127.0.0.1:${service.port}` })
    expect(lines.find((line) => line.requestId === 'from-the-edge')).toMatchObject({ status: 404, code: 'NOT_FOUND', method: 'GET', url: '/nowhere' })
    expect(lines.some((line) => String(line.url ?? '').startsWith('/healthz'))).toBe(false)
  })

  it('on the devnet the banner names /devnet and the dev account to try builds with (account 1, no allowance yet), with its key', () => {
    const manifest = devnet()
    const banner = readyBanner({ version: '1.2.3', url: 'http://127.0.0.1:8080', devnet: manifest })
    const account = Object.values(manifest.chains)[0]!.accounts[DEVNET_TRY_ACCOUNT]!
    expect(DEVNET_TRY_ACCOUNT).toBe(1)
    expect(banner).toContain(`Dev account 1  ${account.address}`)
    expect(banner).toContain('http://127.0.0.1:8080/devnet')
    expect(banner).toContain('Page    http://127.0.0.1:8080/ ')
    expect(banner).toContain(account.address)
    expect(banner).toContain(account.privateKey)
    for (const chain of Object.values(manifest.chains)) expect(banner).toContain(chain.rpcUrl)
  })

  it('on the devnet, without a terminal, the ready line carries /devnet, every RPC URL and the same dev account', () => {
    const manifest = devnet()
    const chains = Object.values(manifest.chains)
    expect(readyFields('http://127.0.0.1:8080', manifest)).toEqual({
      url: 'http://127.0.0.1:8080',
      docs: 'http://127.0.0.1:8080/docs',
      devnet: 'http://127.0.0.1:8080/devnet',
      rpcUrls: Object.fromEntries(chains.map((chain) => [String(chain.chainId), chain.rpcUrl])),
      devAccount: chains[0]!.accounts[DEVNET_TRY_ACCOUNT]!.address,
      devAccountIndex: 1,
    })
    expect(readyFields('http://127.0.0.1:8080')).toEqual({ url: 'http://127.0.0.1:8080', docs: 'http://127.0.0.1:8080/docs' })
  })

  it("the banner's example request answers 200", async () => {
    const banner = readyBanner({ version: '1.2.3', url: 'http://127.0.0.1:8080', devnet: devnet() })
    const example = /e\.g\. curl '?http:\/\/127\.0\.0\.1:8080(\/[^'\s]*)/.exec(banner)
    expect(example, banner).not.toBeNull()
    const app = await testApp()
    try {
      const response = await app.inject({ method: 'GET', url: example![1]! })
      expect(response.statusCode, response.body).toBe(200)
    } finally {
      await app.close()
    }
  })
})
