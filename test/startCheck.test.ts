import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetRegistry } from '../src/devnet/index.js'
import { devnet, devnetChain } from './devnet.js'
import { getJson, startService, type ServiceProcess } from './processes.js'

type Row = { chainId: number; kind: string; entry: string; address?: string; check: string; level: string; detail: string }
type Withheld = { chainId: number; address: string; entry: string; reason: string }
type Summary = { checkedAt: string; errors: Row[]; warnings: Row[]; withheld: Withheld[] }
type Vault = { address: string; zaps: { address: string }[] }

const CHAIN = 56
const GHOST_TOKEN = '0x00000000000000000000000000000000000bEEf1'
const GHOST_POOL = '0x00000000000000000000000000000000000bEEf2'

/**
 * The registry checked at every start, before the first snapshot: each error a log line of its
 * own, /status says them, and what a lasting error makes unsound is never served (a token with
 * no code, a vault whose want is not the registry's, a zap that refuses the vault it is listed
 * for, a pool with no code) while the rest is.
 */
describe('the registry check at start', () => {
  const manifest = devnetChain(CHAIN)
  const isPair = (token: string) => manifest.pairs.some((pair) => pair.address === token)
  const wrongWant = manifest.vaults.find((vault) => vault.kind === 'beefy' && !isPair(vault.want))!
  const refusing = manifest.vaults.find((vault) => vault.kind === 'erc4626' && !isPair(vault.want) && !vault.zap)!
  const zapped = manifest.vaults.filter((vault) => vault.zap)
  const zap = zapped[0]!.zap!
  let service: ServiceProcess
  let summary: Summary
  /** Every /vaults answer from the first on, while the check had not reported. */
  const earlyVaults: Vault[][] = []
  const post = async (path: string, body: object) => {
    const response = await fetch(`http://127.0.0.1:${service.port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as { code: string; detail: string } }
  }

  beforeAll(async () => {
    const file = devnetRegistry(devnet())
    const chain = file.chains[String(CHAIN)]!
    chain.tokens.push({ address: GHOST_TOKEN, symbol: 'GHOST', decimals: 18 })
    chain.vaults!.find((vault) => vault.address === wrongWant.address)!.want = manifest.tokens.USDC!
    chain.vaults!.find((vault) => vault.address === refusing.address)!.zaps = [{ address: zap, defaultTokenIn: manifest.wrappedNative }]
    chain.rewardPools!.push({ ...chain.rewardPools![0]!, address: GHOST_POOL, name: 'Ghost pool' })
    const dir = mkdtempSync(join(tmpdir(), 'registry-'))
    writeFileSync(join(dir, 'registry.json'), JSON.stringify(file))
    service = await startService('all', { REGISTRY_FILE: join(dir, 'registry.json'), DATA_DIR: join(dir, 'pglite'), LOG_LEVEL: 'warn', LOG_FORMAT: 'json' })
    for (let waited = 0; waited < 30_000; waited += 100) {
      const vaults = await getJson<Vault[]>(service.port, `/vaults?chain=${CHAIN}`)
      const status = (await getJson<{ registry: Summary | null }>(service.port, '/status')).body.registry
      if (vaults.status === 200) earlyVaults.push(vaults.body)
      if (status) {
        summary = status
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 60_000)
  afterAll(() => service?.stop('SIGTERM'))

  it('logs an entry with no code on a line of its own and lists it in /status', async () => {
    expect(summary).toBeDefined()
    expect(summary.errors).toContainEqual({
      chainId: CHAIN,
      kind: 'token',
      entry: `token GHOST ${GHOST_TOKEN}`,
      address: GHOST_TOKEN,
      check: 'code',
      level: 'error',
      detail: `no contract at ${GHOST_TOKEN} on chain ${CHAIN}`,
    })
    expect(service.output()).toContain(`registry check: chain 56 token GHOST ${GHOST_TOKEN}: code: no contract at ${GHOST_TOKEN} on chain 56`)
  })

  it('withholds what a lasting error makes unsound, says why in /status and in the log, and nothing else', () => {
    const withheld = new Map(summary.withheld.map((entry) => [entry.entry, entry.reason]))
    expect(withheld.get(`token GHOST ${GHOST_TOKEN}`)).toBe(`code: no contract at ${GHOST_TOKEN} on chain ${CHAIN}`)
    expect(withheld.get(`reward pool Ghost pool ${GHOST_POOL}`)).toBe(`code: no contract at ${GHOST_POOL} on chain ${CHAIN}`)
    expect([...withheld].find(([entry]) => entry.endsWith(wrongWant.address))?.[1]).toBe(
      `want: the registry says ${manifest.tokens.USDC}, the vault holds ${wrongWant.want}`,
    )
    expect(withheld.get(`zap ${zap} of vault ${refusing.address}`)).toMatch(/^quote into .*the zap does not take its want$/)
    expect(summary.withheld).toHaveLength(4)
    expect(service.output()).toContain(`${wrongWant.address}: withheld from service (want: the registry says`)
  })

  it('never serves the withheld vault, not even in the first snapshot; the zap goes from the vault it refuses only', async () => {
    expect(earlyVaults.length).toBeGreaterThan(0)
    const { status, body: vaults } = await getJson<Vault[]>(service.port, `/vaults?chain=${CHAIN}`)
    expect(status).toBe(200)
    for (const answer of [...earlyVaults, vaults]) expect(answer.map((vault) => vault.address)).not.toContain(wrongWant.address)
    expect(vaults.map((vault) => vault.address).sort()).toEqual(
      manifest.vaults
        .map((vault) => vault.address)
        .filter((address) => address !== wrongWant.address)
        .sort(),
    )
    expect(vaults.find((vault) => vault.address === refusing.address)!.zaps).toEqual([])
    for (const vault of zapped) expect(vaults.find((served) => served.address === vault.address)!.zaps.map((served) => served.address)).toEqual([zap])
    const pools = JSON.stringify((await getJson(service.port, `/v2/pools?chain=${CHAIN}`)).body).toLowerCase()
    expect(pools).not.toContain(GHOST_POOL.toLowerCase())
    expect(pools).toContain(manifest.rewardPools[0]!.address.toLowerCase())
  })

  it('answers a request for a withheld entry with a 404 that says why, and serves the sound ones', async () => {
    const user = manifest.accounts[1]!.address
    const deposit = await post(`/yield/${wrongWant.address}/tx/deposit`, { user, amount: '1000', chainId: CHAIN })
    expect(deposit.status).toBe(404)
    expect(deposit.body.code).toBe('VAULT_NOT_FOUND')
    expect(deposit.body.detail).toContain('withheld from service: the registry check at start found want: the registry says')
    const zapIn = await post(`/yield/${refusing.address}/tx/zap-in`, {
      user,
      chainId: CHAIN,
      tokenInAmount: '1000000000000000',
      yieldZapAddress: zap,
      slippage: 1,
    })
    expect(zapIn.status).toBe(404)
    expect(zapIn.body.code).toBe('ZAP_NOT_FOUND')
    expect(zapIn.body.detail).toContain('withheld from service: the registry check at start found quote into')
    const staked = await post(`/pool/${GHOST_POOL}/0/call/user-staked`, { user, chainId: CHAIN })
    expect(staked.status).toBe(404)
    expect(staked.body.code).toBe('POOL_NOT_FOUND')
    expect(staked.body.detail).toContain('withheld from service: the registry check at start found code: no contract')
    const sound = await post(`/yield/${zapped[0]!.address}/tx/deposit`, { user, amount: '1000', chainId: CHAIN })
    expect(sound.status).toBe(200)
  })
})
