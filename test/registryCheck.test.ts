import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createWalletClient, erc20Abi, type Address, type Hex, http, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniswapV2PairAbi } from '../contracts/artifacts/index.js'
import type { RegistryFile } from '../src/registry/index.js'
import { confirmOn, devnetChain } from './devnet.js'
import { startOwnChain, type OwnChain } from './ownChain.js'

const run = promisify(execFile)
const CHAIN = 31_460

/**
 * `npm run registry -- check` against a chain of its own: the devnet's registry passes; a registry
 * with a wrong decimals entry, an address with no code, a vault whose want is not the registry's
 * and a zap that refuses its vault fails on each, as does the same registry once a feed has gone
 * stale (the clock moved) and a pair route has been burnt thin.
 */
describe('registry check', () => {
  let own: OwnChain
  let folder: string
  const chainKey = String(CHAIN)
  const check = async (file: RegistryFile, options: { rpcUrl?: string; relative?: boolean } = {}) => {
    const name = `registry-${Math.random().toString(36).slice(2)}.json`
    const path = join(folder, name)
    writeFileSync(path, JSON.stringify(file))
    // `relative`: the path as the caller in `folder` types it, which npm passes on with INIT_CWD (the run's cwd stays the package's).
    const registryArg = options.relative ? name : path
    const args = ['scripts/runRegistry.mjs', 'check', '--registry', registryArg, '--rpc', `${CHAIN}=${options.rpcUrl ?? own.manifest.rpcUrl}`]
    const env = { ...process.env, [`WRAPPED_NATIVE_${CHAIN}`]: own.manifest.wrappedNative, INIT_CWD: folder }
    try {
      const { stdout } = await run(process.execPath, args, { env })
      return { code: 0, stdout }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout + failed.stderr }
    }
  }
  /** The table's rows at `level` whose entry mentions `address`. */
  const rowsOf = (stdout: string, level: string, address: string) =>
    stdout.split('\n').filter((line) => line.includes(address) && new RegExp(`\\s${level}\\s`).test(line))

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    folder = mkdtempSync(join(tmpdir(), 'registry-check-'))
  }, 60_000)
  afterAll(async () => {
    await own?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it("the devnet's own registry passes: exit 0, a row per entry checked, no error", async () => {
    const { code, stdout } = await check(own.registry)
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/ 0 errors/)
    for (const vault of own.manifest.vaults) expect(rowsOf(stdout, 'ok', vault.address).length, vault.address).toBeGreaterThan(0)
  })

  it('lists every entry by kind with its result, pids included, and reads a relative --registry from the caller’s folder', async () => {
    const { code, stdout } = await check(own.registry, { relative: true })
    expect(code, stdout).toBe(0)
    const rows = stdout
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s{2,}/))
      .filter((cells) => cells[0] === String(CHAIN))
    const kindsOf = (address: string) => new Set(rows.filter(([, , entry]) => entry!.endsWith(address)).map(([, kind]) => kind))
    const chain = own.registry.chains[chainKey]!
    for (const token of chain.tokens) expect(kindsOf(token.address), token.address).toContain('token')
    for (const feed of chain.priceFeeds ?? []) expect(kindsOf(feed.address), feed.address).toContain('feed')
    for (const pair of chain.lpPairs ?? []) expect(kindsOf(pair.address), pair.address).toContain('pair')
    for (const vault of chain.vaults ?? []) {
      expect(kindsOf(vault.address), vault.address).toContain('vault')
      if (vault.strategy) expect(kindsOf(vault.strategy), vault.strategy).toContain('strategy')
      for (const zap of vault.zaps ?? []) expect(kindsOf(zap.address), zap.address).toContain('zap')
    }
    expect(chain.rewardPools?.length).toBeGreaterThan(0)
    let pids = 0
    for (const pool of chain.rewardPools ?? []) {
      const ofPool = rows.filter(([, kind, entry]) => kind === 'reward pool' && entry!.endsWith(pool.address))
      expect(ofPool.some(([, , , check, level]) => check === 'family' && level === 'ok')).toBe(true)
      const poolPids = ofPool.filter(([, , , check]) => /^pid [0-9]+$/.test(check!))
      expect(poolPids.length, pool.address).toBeGreaterThan(0)
      pids += poolPids.length
    }
    // Rows of one kind come together, in the order tokens, feeds, pairs, vaults, strategies, zaps, reward pools.
    const order = ['token', 'feed', 'pair', 'vault', 'strategy', 'zap', 'reward pool']
    const kinds = rows.map(([, kind]) => order.indexOf(kind!))
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b))
    const zaps = new Set((chain.vaults ?? []).flatMap((vault) => (vault.zaps ?? []).map((zap) => zap.address))).size
    expect(stdout).toContain(
      `chain ${CHAIN} checked: ${new Set(chain.tokens.map((token) => token.address)).size} tokens, ${chain.priceFeeds?.length ?? 0} feeds, ${chain.lpPairs?.length ?? 0} pairs, ` +
        `${chain.vaults?.length ?? 0} vaults, ${chain.vaults?.filter((vault) => vault.strategy).length ?? 0} strategies, ${zaps} zaps, ` +
        `${chain.rewardPools!.length} reward pools, ${pids} pids`,
    )
  })

  it('stops with one line and a non-zero exit when the node answers for another chain, naming the URL and both chain ids', async () => {
    // A real node of chain 56 (the devnet's anvil started with --chain-id 56) passed for this chain.
    const node = devnetChain(56).rpcUrl
    const { code, stdout } = await check(own.registry, { rpcUrl: node })
    expect(code).toBe(2)
    expect(stdout).toBe(`chain error: RPC URL ${new URL(node).origin} is set for chain ${CHAIN} but its node answers eth_chainId 56 (a node of chain 56)\n`)
  })

  it('stops with one line and exit code 2 when a node does not answer, naming its URL without the key', async () => {
    const { code, stdout } = await check(own.registry, { rpcUrl: 'http://127.0.0.1:9/v2/s3cret' })
    expect(code).toBe(2)
    expect(stdout).toBe('node error: http://127.0.0.1:9 did not answer (connect ECONNREFUSED 127.0.0.1:9); check --rpc or RPC_URLS_<id>\n')
  })

  it('says so in one line with exit code 2 when a node answers with an HTTP error, naming its status and its words', async () => {
    // A provider refusing a key: HTTP 401 with its own words, to every request.
    const refusing = createServer((_, response) => response.writeHead(401, { 'content-type': 'text/plain' }).end('invalid api key'))
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = refusing.address() as AddressInfo
      const { code, stdout } = await check(own.registry, { rpcUrl: `http://127.0.0.1:${port}/v2/s3cret` })
      expect(code).toBe(2)
      expect(stdout).toBe(`node error: http://127.0.0.1:${port} answered HTTP 401 (invalid api key); check --rpc or RPC_URLS_<id>\n`)
    } finally {
      await new Promise((resolve) => refusing.close(resolve))
    }
  })

  it('finds a wrong decimals entry, an address with no code, a want that is not the vault’s and a zap that refuses its vault: exit 1', async () => {
    const file = structuredClone(own.registry) as RegistryFile
    const chain = file.chains[chainKey]!
    const yld = chain.tokens.find((token) => token.address === own.manifest.tokens.YLD)!
    yld.decimals = 6
    const ghost = '0x00000000000000000000000000000000000bEEf1' as Address
    chain.tokens.push({ address: ghost, symbol: 'GHOST', decimals: 18 })
    const single = own.manifest.vaults.find((vault) => vault.kind === 'beefy' && !own.manifest.pairs.some((pair) => pair.address === vault.want))!
    const wrongWant = chain.vaults!.find((vault) => vault.address === single.address)!
    wrongWant.want = own.manifest.tokens.USDC!
    const zap = own.manifest.vaults.find((vault) => vault.zap)!.zap!
    wrongWant.zaps = [{ address: zap, defaultTokenIn: own.manifest.wrappedNative }]
    const { code, stdout } = await check(file)
    expect(code, stdout).toBe(1)
    expect(rowsOf(stdout, 'error', yld.address).some((line) => line.includes('decimals') && line.includes('the registry says 6, the token answers 18'))).toBe(
      true,
    )
    expect(rowsOf(stdout, 'error', ghost).some((line) => line.includes('code') && line.includes('no contract at'))).toBe(true)
    expect(
      rowsOf(stdout, 'error', single.address).some((line) => line.includes(`the registry says ${own.manifest.tokens.USDC}, the vault holds ${single.want}`)),
    ).toBe(true)
    expect(rowsOf(stdout, 'error', zap).some((line) => line.includes('the zap does not take its want'))).toBe(true)
  })

  it('finds a feed gone stale once the clock moved past its heartbeat, and a pair route burnt under $10,000 of liquidity', async () => {
    const deployer = privateKeyToAccount(own.manifest.accounts[0]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: deployer })
    const confirm = (hash: Promise<Hex>) => confirmOn(own.client, hash)
    // A pair route whose LP the deployer holds almost all of, burnt down to 0.2 % of its supply.
    const chain = own.registry.chains[chainKey]!
    const routes = chain.tokens.flatMap((token) => (token.price && 'pair' in token.price ? [token.price.pair as Address] : []))
    let thin: Address | undefined
    for (const pair of routes) {
      const [held, supply] = await Promise.all([
        own.client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [deployer.address] }),
        own.client.readContract({ address: pair, abi: erc20Abi, functionName: 'totalSupply' }),
      ])
      if (held * 1000n <= supply * 998n) continue
      await confirm(wallet.writeContract({ address: pair, abi: erc20Abi, functionName: 'transfer', args: [pair, held - supply / 500n] }))
      await confirm(wallet.writeContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'burn', args: [deployer.address] }))
      thin = pair
      break
    }
    expect(thin).toBeDefined()
    const burnt = await check(own.registry)
    expect(
      burnt.stdout.split('\n').some((line) => /\spair route\s+warn\s/.test(line) && line.includes(`pair ${thin} holds $`)),
      burnt.stdout,
    ).toBe(true)
    // Two hours on: every feed's last round is past its one-hour heartbeat.
    await own.client.request({ method: 'evm_increaseTime', params: [toHex(7_200)] } as never)
    await own.mine(1)
    const { code, stdout } = await check(own.registry)
    expect(code, stdout).toBe(1)
    const feedRows = stdout.split('\n').filter((line) => /\sfeed\s+error\s/.test(line))
    expect(feedRows.length, stdout).toBeGreaterThan(0)
    expect(feedRows.every((line) => line.includes('older than the 3600 s heartbeat'))).toBe(true)
  })
})
