import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { knownChains } from './knownChains.js'
import { ConfigError, loadConfig } from './loadConfig.js'

const registryPath = '/etc/registry.json'
const rpcUrl = 'http://127.0.0.1:8545'

/** The one line a broken config prints at start. */
function configErrorOf(env: Record<string, string>, argv: string[] = []): string {
  try {
    loadConfig(env, argv)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected a config error')
}

describe('loadConfig', () => {
  it('fills defaults: devnet mode, port 8080, gas margin 1.2, the devnet on RPC ports from 8545 every start', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, chains: [], gasMargin: 1.2, role: 'all' })
    expect(config.devnet).toEqual({ blockTimeMs: 120_000, rpcPort: 8545, dataDir: '.devnet/pglite' })
    expect(loadConfig({ DEVNET_RPC_PORT: '0' }).devnet.rpcPort).toBe(0)
  })

  it('reads chains from RPC_URLS_<id>, ranked, with the known chain facts and no block time (it is measured)', () => {
    const config = loadConfig({ RPC_URLS_56: `${rpcUrl}, http://127.0.0.1:8546`, REGISTRY_FILE: registryPath, PORT: '9000' })
    expect(config.port).toBe(9000)
    expect(config.chains).toEqual([
      {
        chainId: 56,
        name: 'BNB Smart Chain',
        rpcUrls: [rpcUrl, 'http://127.0.0.1:8546'],
        wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
      },
    ])
  })

  it('trusts no proxy by default; TRUST_PROXY takes true, a hop count or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1')
  })

  it('takes --role from the command line', () => {
    expect(loadConfig({}, ['--role', 'api']).role).toBe('api')
    expect(configErrorOf({}, ['--role', 'worker'])).toBe('config error: --role must be one of: all, api, refresher (got "worker")')
  })

  it('names the environment variable of a bad value in one line', () => {
    expect(configErrorOf({ PORT: 'eighty' })).toBe('config error: PORT must be an integer (got "eighty")')
    expect(configErrorOf({ PORT: '70000' })).toBe('config error: PORT must be at most 65535 (got 70000)')
    expect(configErrorOf({ GAS_MARGIN: '0.5' })).toBe('config error: GAS_MARGIN must be at least 1 (got 0.5)')
    expect(configErrorOf({ LOG_LEVEL: 'loud' })).toBe('config error: LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "loud")')
    expect(configErrorOf({ DATABASE_URL: 'mysql://x' })).toBe('config error: DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x")')
  })

  it('rejects a bad RPC URL and a bad wrapped native address per chain', () => {
    expect(configErrorOf({ RPC_URLS_1: 'not a url', REGISTRY_FILE: registryPath })).toBe(
      'config error: RPC_URLS_1 (0) must be an http(s) or ws(s) URL (got "not a url")',
    )
    expect(configErrorOf({ RPC_URLS_1: rpcUrl, WRAPPED_NATIVE_1: '0x1234', REGISTRY_FILE: registryPath })).toMatch(
      /^config error: WRAPPED_NATIVE_1 must be a 0x-prefixed 20-byte hex address/,
    )
  })

  it('on a chain of its profiles (Arbitrum One, Base, OP Mainnet, Polygon PoS besides the three of the interface) needs only RPC_URLS_<id> and REGISTRY_FILE', () => {
    for (const [chainId, name, wrappedNative, seconds] of [
      [42161, 'Arbitrum One', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 0.25],
      [8453, 'Base', '0x4200000000000000000000000000000000000006', 2],
      [10, 'OP Mainnet', '0x4200000000000000000000000000000000000006', 2],
      [137, 'Polygon PoS', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 2],
    ] as const) {
      const chain = loadConfig({ [`RPC_URLS_${chainId}`]: rpcUrl, REGISTRY_FILE: registryPath }).chains[0]!
      expect(chain).toEqual({ chainId, name, rpcUrls: [rpcUrl], wrappedNative })
      // Its usual block time stands in until the chain's own is measured; Multicall3 where it is on every chain.
      expect(knownChains[chainId]).toMatchObject({ blockTimeSeconds: seconds, multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' })
    }
  })

  it('takes BLOCK_TIME_<id> as an override, needs none for a chain it does not know, and names a bad one', () => {
    expect(loadConfig({ RPC_URLS_56: rpcUrl, BLOCK_TIME_56: '0.75', REGISTRY_FILE: registryPath }).chains[0]!.blockTimeSeconds).toBe(0.75)
    const unknown = loadConfig({ RPC_URLS_999: rpcUrl, WRAPPED_NATIVE_999: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', REGISTRY_FILE: registryPath })
    expect(unknown.chains[0]).toEqual({ chainId: 999, rpcUrls: [rpcUrl], wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' })
    expect(configErrorOf({ RPC_URLS_999: rpcUrl, REGISTRY_FILE: registryPath })).toBe('config error: WRAPPED_NATIVE_999 is required')
    expect(configErrorOf({ RPC_URLS_56: rpcUrl, BLOCK_TIME_56: '0', REGISTRY_FILE: registryPath })).toBe(
      'config error: BLOCK_TIME_56 must be greater than 0 (got 0)',
    )
  })

  it('requires a registry when chains are configured', () => {
    expect(configErrorOf({ RPC_URLS_1: rpcUrl })).toBe(
      'config error: REGISTRY_FILE is required when chains are configured (the registry lists the contracts to serve)',
    )
  })

  it('names the path inside CONFIG_FILE and refuses unknown keys there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-'))
    const file = join(dir, 'config.json')
    writeFileSync(
      file,
      JSON.stringify({ chains: [{ chainId: 1, rpcUrls: [], blockTimeSeconds: 12, wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }] }),
    )
    expect(configErrorOf({ CONFIG_FILE: file })).toBe(`config error: chains[0].rpcUrls in CONFIG_FILE ${file} must have at least 1 item (got [])`)
    writeFileSync(file, JSON.stringify({ prot: 1 }))
    expect(configErrorOf({ CONFIG_FILE: file })).toBe(
      `config error: prot in CONFIG_FILE ${file} is not a known field; the fields here are: host, port, trustProxy, logLevel, logFormat, role, chains, registryPath, databaseUrl, redisUrl, redisPrefix, dataDir, gasMargin, zapMaxDeviationPercent, harvestMinIntervalSeconds, rpcTimeoutMs, rpcRetryCount, requestBudgetMs, rpcMaxLagBlocks, rpcProbeIntervalMs, rateLimit, snapshot, figures, index, stream, devnet (got 1)`,
    )
    writeFileSync(file, '{ not json')
    expect(configErrorOf({ CONFIG_FILE: file })).toMatch(/^config error: CONFIG_FILE .* is not a JSON object/)
    expect(configErrorOf({ CONFIG_FILE: join(dir, 'missing.json') })).toMatch(/^config error: CONFIG_FILE .* cannot be read \(ENOENT\)$/)
  })
})
