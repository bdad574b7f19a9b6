import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { devnetChain } from './devnet.js'
import { serviceEntry } from './processes.js'

/** Runs the service (serviceEntry) with `env` and returns how it ended. */
function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, serviceEntry(), {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { status: result.status, stderr: result.stderr, stdout: result.stdout }
}

describe('a start that cannot run', () => {
  it('a bad setting stops it with one line naming the setting, no stack trace', () => {
    const result = start({ PORT: 'eighty' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe('config error: PORT must be an integer (got "eighty")\n')
    expect(result.stdout).toBe('')
  })

  it('a bad registry entry stops it with one line naming the entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'registry-'))
    const file = join(dir, 'registry.json')
    writeFileSync(file, JSON.stringify({ chains: { '56': { tokens: [{ address: '0x12' }] } } }))
    const result = start({ RPC_URLS_56: 'http://127.0.0.1:9', REGISTRY_FILE: file, PORT: '0', LOG_LEVEL: 'silent' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      `registry error: ${file} chains.56.tokens[0].address must be a 0x-prefixed 20-byte hex address; a mixed-case address must carry a valid EIP-55 checksum\n`,
    )
  })

  it('a configured chain missing from the registry stops it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'registry-'))
    const file = join(dir, 'registry.json')
    writeFileSync(file, JSON.stringify({ chains: { '56': { tokens: [] } } }))
    const result = start({ RPC_URLS_1: 'http://127.0.0.1:9', REGISTRY_FILE: file, PORT: '0', LOG_LEVEL: 'silent' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(`registry error: chain 1 is configured but ${file} has no chains.1 entry\n`)
  })

  it('an RPC URL whose node answers for another chain stops it with one line naming the URL (no key), the chain it is set for and the node’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'registry-'))
    const file = join(dir, 'registry.json')
    writeFileSync(file, JSON.stringify({ chains: { '1': { tokens: [] } } }))
    // A real node of chain 56 (the devnet's anvil started with --chain-id 56), set for chain 1, its URL carrying a key.
    const node = new URL(devnetChain(56).rpcUrl)
    const result = start({ RPC_URLS_1: `${node.origin}/?apikey=s3cret`, REGISTRY_FILE: file, PORT: '0', LOG_LEVEL: 'silent' })
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(`chain error: RPC URL ${node.origin} is set for chain 1 but its node answers eth_chainId 56 (a node of chain 56)\n`)
  })

  it('a port in use stops it with one line saying to set PORT, before the devnet is deployed', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    try {
      const result = start({ PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', LOG_LEVEL: 'info' })
      expect(result.status).toBe(1)
      expect(result.stderr).toBe(
        `port ${port} on 127.0.0.1 is in use (another service, or an earlier start still running): set PORT to a free one, e.g. PORT=${port + 1} npm start\n`,
      )
      // Nothing was started before: no devnet line.
      expect(result.stdout).not.toContain('devnet')
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  it('a devnet RPC port in use stops it with one line saying to set DEVNET_RPC_PORT, before any chain starts', async () => {
    const { taken, port } = await portAfterAFreeOne()
    try {
      // Chain 56 takes the port after DEVNET_RPC_PORT.
      const result = start({ PORT: '0', DEVNET_RPC_PORT: String(port - 1), LOG_FORMAT: 'json', LOG_LEVEL: 'info' })
      expect(result.status).toBe(1)
      expect(result.stderr).toBe(
        `port ${port} on 127.0.0.1 is in use (another service, or an earlier start still running): set DEVNET_RPC_PORT to a free one (the devnet's chains take it and the 2 after it), e.g. DEVNET_RPC_PORT=${port + 10} npm start\n`,
      )
      expect(result.stdout).not.toContain('devnet')
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})

/**
 * A port held by a server of the test's own whose previous port is free (chain 1 would take that
 * one first): a port the system hands out may follow one another process holds.
 */
async function portAfterAFreeOne(): Promise<{ taken: Server; port: number }> {
  const listen = (server: Server, port: number) =>
    new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => resolve(true))
    })
  for (;;) {
    const taken = createServer()
    await listen(taken, 0)
    const { port } = taken.address() as AddressInfo
    const before = createServer()
    if (await listen(before, port - 1)) {
      await new Promise((resolve) => before.close(resolve))
      return { taken, port }
    }
    await new Promise((resolve) => taken.close(resolve))
  }
}
