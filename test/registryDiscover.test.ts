import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainRegistryFile, RegistryFile } from '../src/registry/index.js'
import { devnetChain } from './devnet.js'
import { startOwnChain, type OwnChain } from './ownChain.js'
import { refresherApp } from './refresherApp.js'

const run = promisify(execFile)
const CHAIN = 31_461

/** An entry's chain facts, comparable whatever the order or the case of addresses. */
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value)
const facts = (entries: readonly object[] | undefined, keys: readonly string[], defaults: Record<string, unknown> = {}) =>
  (entries ?? []).map((entry) => keys.map((key) => `${key}=${lower((entry as Record<string, unknown>)[key] ?? defaults[key])}`).join(' ')).sort()
const routes = (chain: ChainRegistryFile) =>
  chain.tokens
    .filter((token) => token.price)
    .map((token) => `${lower(token.address)} ${JSON.stringify(token.price).toLowerCase()}`)
    .sort()

/** Off-chain metadata a registry is free to word its own way: the served figures must agree on everything else. */
const METADATA = new Set(['name', 'subtitle', 'description', 'image', 'keywords', 'links', 'minimumAllocationPoint', 'timeLockDuration', 'zaps'])
const withoutMetadata = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutMetadata)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (METADATA.has(key) ? [] : [[key, withoutMetadata(inner)]])))
      : value

/**
 * `npm run registry -- discover` over the addresses of the devnet's contracts (chain 56's, on a
 * chain of its own): every vault and pool family the tests deploy (Beefy-style with both fee
 * interfaces, ERC-4626, the reference pool, SushiSwap's MasterChef, Synthetix's StakingRewards,
 * MultiRewards), read from the chain alone.
 */
describe('registry discover', () => {
  let own: OwnChain
  let folder: string
  let discovered: RegistryFile
  const chainKey = String(CHAIN)
  const discover = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/runRegistry.mjs', 'discover', '--chain', chainKey, ...args])
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }
  const write = (name: string, value: unknown) => {
    const path = join(folder, name)
    writeFileSync(path, JSON.stringify(value))
    return path
  }

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    folder = mkdtempSync(join(tmpdir(), 'registry-discover-'))
    const m = own.manifest
    const from = write('addresses.json', {
      vaults: m.vaults.map((vault) => vault.address),
      pools: [...m.rewardPools, ...m.rewardPoolFamilies.pools].map((pool) => pool.address),
      // Tokens no vault or pool names (bridged only): listed as a team would.
      tokens: Object.values(m.tokens),
    })
    const feeds = write('feeds.json', Object.fromEntries(m.feeds.map((feed) => [feed.token, { feed: feed.address, heartbeatSeconds: feed.heartbeat }])))
    const out = join(folder, 'discovered.json')
    const result = await discover('--rpc', m.rpcUrl, '--from', from, '--feeds', feeds, '--factory', m.uniswap.factory, '--out', out)
    expect(result.code, result.stdout + result.stderr).toBe(0)
    expect(result.stdout).toMatch(/^0 unresolved$/m)
    discovered = JSON.parse(readFileSync(out, 'utf8'))
  }, 120_000)
  afterAll(async () => {
    await own?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it("finds the devnet's vaults, pools, tokens, pairs, feeds and price routes from their addresses alone", () => {
    const found = discovered.chains[chainKey]!
    const devnet = own.registry.chains[chainKey]!
    expect(facts(found.vaults, ['address', 'kind', 'want', 'strategy'])).toEqual(facts(devnet.vaults, ['address', 'kind', 'want', 'strategy']))
    expect(found.vaults!.length).toBe(own.manifest.vaults.length)
    expect(facts(found.rewardPools, ['address', 'kind'], { kind: 'reference' })).toEqual(facts(devnet.rewardPools, ['address', 'kind'], { kind: 'reference' }))
    expect(new Set(found.rewardPools!.map((pool) => pool.kind))).toEqual(new Set(['reference', 'masterchef', 'staking-rewards', 'multi-rewards']))
    expect(facts(found.tokens, ['address'])).toEqual(facts(devnet.tokens, ['address']))
    expect(facts(found.lpPairs, ['address', 'token0', 'token1'])).toEqual(facts(devnet.lpPairs, ['address', 'token0', 'token1']))
    expect(facts(found.priceFeeds, ['address', 'token', 'heartbeatSeconds'])).toEqual(facts(devnet.priceFeeds, ['address', 'token', 'heartbeatSeconds']))
    expect(routes(found)).toEqual(routes(devnet))
    expect(routes(found).length).toBeGreaterThan(5)
    // Symbols and decimals are the chain's.
    const described = (symbol: string) => {
      const token = found.tokens.find((candidate) => candidate.address === own.manifest.tokens[symbol])!
      return { symbol: token.symbol, decimals: token.decimals }
    }
    expect([described('USDC'), described('USDT')]).toEqual([
      { symbol: 'USDC', decimals: 6 },
      { symbol: 'USDT', decimals: 18 },
    ])
  })

  it('passes `registry check`', async () => {
    const path = write('discovered-check.json', discovered)
    const { stdout } = await run(process.execPath, ['scripts/runRegistry.mjs', 'check', '--registry', path, '--rpc', `${CHAIN}=${own.manifest.rpcUrl}`], {
      env: { ...process.env, [`WRAPPED_NATIVE_${CHAIN}`]: own.manifest.wrappedNative },
    })
    expect(stdout).toMatch(/ 0 errors, 0 warnings/)
  }, 60_000)

  it('is served as the devnet registry is: the same /vaults and /v2/pools, metadata aside', async () => {
    const services = await Promise.all([discovered, own.registry].map((registry) => refresherApp({ chains: [own.chainConfig], registry })))
    try {
      await Promise.all(services.map((service) => service.refresher.refresh(CHAIN)))
      for (const url of [`/vaults?chain=${CHAIN}`, `/v2/pools?chain=${CHAIN}`]) {
        const [fromDiscovered, fromDevnet] = await Promise.all(services.map((service) => service.app.inject({ method: 'GET', url })))
        expect(fromDiscovered!.statusCode, fromDiscovered!.body).toBe(200)
        expect(fromDiscovered!.headers['x-block-number']).toBe(fromDevnet!.headers['x-block-number'])
        const [a, b] = [fromDiscovered!.json(), fromDevnet!.json()]
        expect(JSON.stringify(a).length).toBeGreaterThan(1_000)
        expect(withoutMetadata(a)).toEqual(withoutMetadata(b))
      }
    } finally {
      await Promise.all(services.map((service) => service.close()))
    }
  }, 60_000)

  it('merges into an existing registry without losing its hand edits, and says where the chain disagrees', async () => {
    const hand = structuredClone(own.registry) as RegistryFile
    const chain = hand.chains[chainKey]!
    chain.vaults![0]!.name = 'Our flagship vault'
    // A hand file that lists only some tokens: YLD (priced through a pair) is not among them.
    chain.tokens = chain.tokens.filter((token) => !token.price || 'feed' in token.price).slice(0, 3)
    const wrongDecimals = chain.tokens[0]!
    wrongDecimals.decimals = 7
    const out = write('hand.json', hand)
    const m = own.manifest
    const result = await discover(
      '--rpc',
      m.rpcUrl,
      '--vaults',
      m.vaults.map((vault) => vault.address).join(','),
      '--pools',
      m.rewardPools.map((pool) => pool.address).join(','),
      '--feeds',
      write('feeds2.json', Object.fromEntries(m.feeds.map((feed) => [feed.token, feed.address]))),
      '--out',
      out,
    )
    const merged = JSON.parse(readFileSync(out, 'utf8')) as RegistryFile
    const mergedChain = merged.chains[chainKey]!
    // Every hand-written entry is still there with every field it had.
    for (const list of ['tokens', 'priceFeeds', 'lpPairs', 'vaults', 'rewardPools'] as const)
      for (const entry of (chain[list] ?? []) as { address: string }[])
        expect(
          (mergedChain[list] as { address: string }[]).find((candidate) => candidate.address === entry.address),
          `${list} ${entry.address}`,
        ).toMatchObject(entry)
    expect(merged.bridges).toEqual(hand.bridges)
    expect(mergedChain.bridges).toEqual(chain.bridges)
    expect(mergedChain.vaults![0]!.name).toBe('Our flagship vault')
    // The tokens the hand file lacked are added, with the chain's symbol and decimals.
    expect(mergedChain.tokens.length).toBeGreaterThan(chain.tokens.length)
    const yld = mergedChain.tokens.find((token) => token.address === own.manifest.tokens.YLD)
    expect(yld).toMatchObject({ symbol: 'YLD', decimals: 18, price: { pair: expect.any(String) } })
    expect(result.stdout).toContain(`kept: tokens ${wrongDecimals.address}: decimals kept as 7, the chain says`)
    expect(result.stdout).toMatch(/merged into/)
  }, 60_000)

  it('reports what it cannot resolve, and why, with exit code 1', async () => {
    const m = own.manifest
    const notAVault = m.tokens.USDC!
    const notAPool = m.vaults[0]!.address
    const nobody = '0x00000000000000000000000000000000000bEEf2' as Address
    const result = await discover('--rpc', m.rpcUrl, '--vaults', `${m.vaults[1]!.address},${notAVault},${nobody}`, '--pools', notAPool)
    expect(result.code, result.stderr).toBe(1)
    expect(result.stderr).toContain(`unresolved: vault ${notAVault}: answers neither Beefy's`)
    expect(result.stderr).toContain(`unresolved: vault ${nobody}: no contract at this address`)
    expect(result.stderr).toContain(`unresolved: reward pool ${notAPool}: answers none of the reward pool families`)
    // Without feeds nothing is priced: each token says why.
    expect(result.stderr).toMatch(/unresolved: token \S+ 0x[0-9a-fA-F]{40}: no price route: no feed names it/)
    // The registry of what did resolve still goes to stdout, and loads.
    const registry = JSON.parse(result.stdout) as RegistryFile
    expect(registry.chains[chainKey]!.vaults!.map((vault) => vault.address)).toEqual([m.vaults[1]!.address])
  }, 60_000)

  it('writes nothing from a node of another chain: one line naming the URL and both chain ids, exit code 2', async () => {
    // A real node of chain 56 (the devnet's anvil started with --chain-id 56), passed for this chain.
    const node = devnetChain(56).rpcUrl
    const out = join(folder, 'wrong-chain.json')
    const result = await discover('--rpc', node, '--vaults', devnetChain(56).vaults[0]!.address, '--out', out)
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `chain error: RPC URL ${new URL(node).origin} is set for chain ${CHAIN} but its node answers eth_chainId 56 (a node of chain 56)\n`,
    )
    expect(existsSync(out)).toBe(false)
  })

  it('refuses a bad command line with exit code 2, naming the flag', async () => {
    const result = await discover('--rpc', own.manifest.rpcUrl, '--vaults', '0x1234')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--vaults: 0x1234 is not an address')
  })
})
