import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../../test/app.js'
import { devnetChain, fundedAccount, publicClientFor } from '../../test/devnet.js'
import type { App } from '../../src/api/index.js'

const run = promisify(execFile)
const CHAIN = 56
const clientDir = fileURLToPath(new URL('..', import.meta.url))
const repoDir = fileURLToPath(new URL('../..', import.meta.url))
const viemVersion = (JSON.parse(readFileSync(join(repoDir, 'node_modules/viem/package.json'), 'utf8')) as { version: string }).version

/** What a dApp writes with the installed package: plain Node, no TypeScript, no loader. */
const CONSUMER = `import { createApiClient } from '@defi-vault-api/client'
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const { API, RPC, PRIVATE_KEY, VAULT, CHAIN_ID, SEND } = process.env
const api = createApiClient(API)
const account = privateKeyToAccount(PRIVATE_KEY)
const { data: tx, error } = await api.POST('/yield/{contractAddress}/tx/deposit', {
  params: { path: { contractAddress: VAULT } },
  body: { user: account.address, amount: '1000000000000000000', chainId: Number(CHAIN_ID) },
})
if (error) throw new Error(error.code + ': ' + error.detail)
let hash = null
if (SEND) {
  const wallet = createWalletClient({ account, transport: http(RPC) })
  const chain = createPublicClient({ transport: http(RPC) })
  for (const step of [...(tx.approvals ?? []), tx]) {
    // The step as served: viem reads its hex quantities.
    hash = await wallet.sendTransaction({ ...step, chain: null })
    if ((await chain.waitForTransactionReceipt({ hash })).status !== 'success') throw new Error('reverted: ' + hash)
  }
}
console.log(JSON.stringify({ to: tx.to, hash }))
`

/** The client as `npm pack` ships it, installed into a folder outside the repository. */
describe('@defi-vault-api/client, packed and installed elsewhere', () => {
  let app: App
  let api: string
  let consumer: string
  let tarball: string
  beforeAll(async () => {
    app = await testApp()
    await app.listen({ host: '127.0.0.1', port: 0 })
    api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    consumer = mkdtempSync(join(tmpdir(), 'client-consumer-'))
    // prepack builds dist/ (ESM JavaScript and .d.ts) first.
    const packed = await run('npm', ['pack', '--json', '--pack-destination', consumer], { cwd: clientDir })
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[]
    tarball = join(consumer, info!.filename)
    expect(info!.files.map((file) => file.path).sort()).toEqual(
      expect.arrayContaining(['README.md', 'dist/index.d.ts', 'dist/index.js', 'dist/openapi.generated.d.ts', 'package.json']),
    )
    expect(info!.files.some((file) => file.path.startsWith('src/'))).toBe(false)
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
    writeFileSync(join(consumer, 'deposit.mjs'), CONSUMER)
    // From the npm cache where it can: CI installs the same packages a moment before.
    await run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: consumer })
    // viem, the dApp's own dependency beside the client's, is the repository's (the version npm would install), linked: its
    // 84 MB copied from the cache took 7.5 s and 9 CPU-seconds of this file, and it is not what the test is about.
    symlinkSync(join(repoDir, 'node_modules/viem'), join(consumer, 'node_modules/viem'), 'dir')
    expect(JSON.parse(readFileSync(join(consumer, 'node_modules/viem/package.json'), 'utf8')).version).toBe(viemVersion)
  }, 180_000)
  afterAll(async () => {
    await app?.close()
    if (consumer) rmSync(consumer, { recursive: true, force: true })
  })

  const envFor = async (send: boolean) => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
    const { privateKey, address } = await fundedAccount(CHAIN)
    const env = {
      ...process.env,
      API: api,
      RPC: devnetChain(CHAIN).rpcUrl,
      PRIVATE_KEY: privateKey,
      VAULT: vault.address,
      CHAIN_ID: String(CHAIN),
      SEND: send ? '1' : '',
    }
    return { env, vault, address }
  }

  it('plain Node imports it and builds and sends a deposit, approvals first', async () => {
    const { env, vault, address } = await envFor(true)
    const shares = () => publicClientFor(CHAIN).readContract({ address: vault.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await shares()
    const { stdout } = await run(process.execPath, ['deposit.mjs'], { cwd: consumer, env })
    const { to, hash } = JSON.parse(stdout) as { to: string; hash: `0x${string}` }
    expect(to).toBe(vault.address)
    expect((await publicClientFor(CHAIN).getTransactionReceipt({ hash })).status).toBe('success')
    expect(await shares()).toBeGreaterThan(before)
  })

  it('a bundler (esbuild) bundles it into one file that builds a deposit', async () => {
    const { env, vault } = await envFor(false)
    const esbuild = join(repoDir, 'node_modules/.bin/esbuild')
    await run(esbuild, ['deposit.mjs', '--bundle', '--platform=node', '--format=esm', '--outfile=bundle.mjs'], { cwd: consumer })
    const { stdout } = await run(process.execPath, ['bundle.mjs'], { cwd: consumer, env })
    expect((JSON.parse(stdout) as { to: string }).to).toBe(vault.address)
  })
})
