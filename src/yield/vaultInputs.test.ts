import { type Address, erc20Abi, parseAbiItem, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { devnetChain, publicClientFor } from '../../test/devnet.js'
import { indexedDevnetService, type StoredDevnetService } from '../../test/storedDevnetService.js'
import type { VaultInputs, VaultListing } from '../schema/index.js'

/**
 * GET /vaults/{vault}: every figure of the entry computed again by hand from its `inputs` alone,
 * as the README's walkthrough does, and the inputs themselves against the chain's own reads.
 */
const CHAIN = 43114
const YEAR = 31_536_000
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')

type Detail = VaultListing & { inputs: VaultInputs }

/** Agreement to 1e-9 of the expected value. */
function expectClose(actual: number | null | undefined, expected: number, what: string) {
  expect(actual, what).not.toBeNull()
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9 * Math.abs(expected))
}

/** ⌊√n⌋. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let [x, y] = [n, (n + 1n) / 2n]
  while (y < x) [x, y] = [y, (y + n / y) / 2n]
  return x
}

/** Each figure of a /vaults entry, from its inputs and nothing else. */
function rederive(detail: Detail) {
  const { inputs } = detail
  const units = (wei: string, decimals: number) => Number(wei) / 10 ** decimals
  const wantDecimals = detail.wantDecimals!
  const tvl = units(inputs.totalWant!, wantDecimals) * inputs.wantPrice.usd!
  const pricePerShare = (BigInt(inputs.totalWant!) * 10n ** 18n) / BigInt(inputs.totalSupply!)
  const apy: Record<string, number | null> = {}
  for (const [window, base] of Object.entries(inputs.pricePerShareAt)) {
    if (!base) apy[window] = null
    else {
      const growth = Number(pricePerShare) / Number(base.pricePerShare)
      apy[window] = Math.round((growth ** (YEAR / (inputs.timestamp - base.timestamp)) - 1) * 1e8) / 1e8
    }
  }
  const farm = inputs.farm!
  const farmApr =
    (units(farm.rewardPerSecond, inputs.rewardDecimals!) * farm.rewardPrice.usd! * YEAR) / (units(farm.totalStaked, wantDecimals) * inputs.wantPrice.usd!)
  const vaultApr = farmApr * (1 - detail.fees!.performance.total!)
  const n = (inputs.harvests!.count * YEAR) / inputs.harvests!.spanSeconds
  const vaultApy = (1 + vaultApr / n) ** n - 1
  let tradingApr = 0
  if (inputs.pair) {
    const { now, base } = inputs.pair
    const root = (point: typeof now) => isqrt(BigInt(point.reserve0) * BigInt(point.reserve1) * 10n ** 36n)
    const [before, after] = [root(base!) * BigInt(now.totalSupply), root(now) * BigInt(base!.totalSupply)]
    tradingApr = ((Number(((after - before) * 10n ** 36n) / before) / 1e36) * YEAR) / (now.timestamp - base!.timestamp)
  }
  return { tvl, pricePerShare, apy, farmApr, vaultApr, compoundingsPerYear: n, vaultApy, tradingApr, totalApy: (1 + vaultApy) * (1 + tradingApr) - 1 }
}

describe('GET /vaults/{vault}: a figure anyone can compute again', () => {
  let stored: StoredDevnetService
  beforeAll(async () => {
    stored = await indexedDevnetService(CHAIN)
  }, 120_000)
  afterAll(() => stored?.close())

  it("every vault over a strategy: TVL, each APY window and the whole forward breakdown from its inputs alone, and the inputs are the chain's", async () => {
    const client = publicClientFor(CHAIN)
    const vaults = devnetChain(CHAIN).vaults.filter((vault) => vault.strategy)
    expect(vaults.length).toBeGreaterThan(2)
    let lp = 0
    for (const vault of vaults) {
      const { status, body, headers } = await get(stored.service.app, `/vaults/${vault.address}?chain=${CHAIN}`)
      expect(status, JSON.stringify(body)).toBe(200)
      const detail = body as Detail
      const listed = (await get(stored.service.app, `/vaults?chain=${CHAIN}`)).body.find((entry: { address: string }) => entry.address === vault.address)
      expect({ ...detail, inputs: undefined }).toEqual({ ...listed, inputs: undefined })
      const { inputs } = detail
      const blockNumber = BigInt(inputs.blockNumber)
      expect(inputs.blockNumber).toBe(headers['x-block-number'])
      expect(inputs.timestamp).toBe(Number((await client.getBlock({ blockNumber })).timestamp))

      // The inputs are what the chain says at their blocks.
      const wantOf = (at: bigint) =>
        vault.kind === 'beefy'
          ? client.readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber: at })
          : client.readContract({ address: vault.address, abi: erc4626VaultAbi, functionName: 'totalAssets', blockNumber: at })
      const supplyOf = (at: bigint) => client.readContract({ address: vault.address, abi: erc20Abi, functionName: 'totalSupply', blockNumber: at })
      expect(inputs.totalWant).toBe(String(await wantOf(blockNumber)))
      expect(inputs.totalSupply).toBe(String(await supplyOf(blockNumber)))
      const windows = Object.entries(inputs.pricePerShareAt)
      expect(windows.map(([window]) => window)).toEqual(['1d', '7d', '30d', '90d'])
      // The devnet's past is a month: no point 90 days back (the inception test says why).
      expect(inputs.pricePerShareAt['90d']).toBeNull()
      for (const [window, base] of windows.filter(([window]) => window !== '90d')) {
        expect(base, window).not.toBeNull()
        const at = BigInt(base!.blockNumber)
        expect(base!.pricePerShare, window).toBe(String(((await wantOf(at)) * 10n ** 18n) / (await supplyOf(at))))
        expect(base!.timestamp, window).toBe(Number((await client.getBlock({ blockNumber: at })).timestamp))
      }

      // Every figure again, from the inputs alone.
      const again = rederive(detail)
      expectClose(detail.tvl, again.tvl, 'tvl')
      expect(detail.pricePerShare).toBe(String(again.pricePerShare))
      for (const window of ['1d', '7d', '30d'] as const) expectClose(detail.apy[window], again.apy[window]!, `apy ${window}`)
      const breakdown = detail.apyBreakdown!
      for (const part of ['farmApr', 'vaultApr', 'compoundingsPerYear', 'vaultApy', 'tradingApr', 'totalApy'] as const)
        expectClose(breakdown[part], again[part], part)
      if (inputs.pair) {
        lp++
        expect(inputs.pair.base!.blockNumber).toBe(breakdown.tradingAprFrom!.blockNumber)
      }
    }
    expect(lp).toBeGreaterThan(0)
  })

  it("gives each vault's APY since inception from its first deposit, found on the chain's own logs; 90 days is null, the devnet's past being a month", async () => {
    const client = publicClientFor(CHAIN)
    const { body: vaults, headers } = await get(stored.service.app, `/vaults?chain=${CHAIN}`)
    const at = BigInt(headers['x-block-number'] as string)
    const now = Number((await client.getBlock({ blockNumber: at })).timestamp)
    for (const vault of devnetChain(CHAIN).vaults) {
      const entry = (vaults as VaultListing[]).find((candidate) => candidate.address === vault.address)!
      // The oracle: the vault's first share mint in the node's own logs, and the vault's totals right after it.
      const [first] = await client.getLogs({ address: vault.address, event: transferEvent, args: { from: zeroAddress }, fromBlock: 0n, toBlock: at })
      const base = first!.blockNumber
      const perShare = async (blockNumber: bigint) => {
        const abi = vault.kind === 'beefy' ? beefyVaultAbi : erc4626VaultAbi
        const want = (await client.readContract({
          address: vault.address,
          abi,
          functionName: vault.kind === 'beefy' ? 'balance' : 'totalAssets',
          blockNumber,
        } as never)) as bigint
        const supply = await client.readContract({ address: vault.address, abi: erc20Abi, functionName: 'totalSupply', blockNumber })
        return (want * 10n ** 18n) / supply
      }
      const baseTime = Number((await client.getBlock({ blockNumber: base })).timestamp)
      expect(entry.apyFrom.inception, vault.address).toEqual({ blockNumber: String(base), timestamp: baseTime, source: 'index' })
      const growth = Number(await perShare(at)) / Number(await perShare(base))
      expectClose(entry.apy.inception, Math.round((growth ** (YEAR / (now - baseTime)) - 1) * 1e8) / 1e8, `inception ${vault.address}`)
      expect(entry.apy['90d']).toBeNull()
      expect(entry.notes).toContain("90d: the chain's first block is younger than 90d")
    }
  })

  it('a vault the chain does not register is a 404 naming it; a malformed address a 400', async () => {
    const stranger = '0x000000000000000000000000000000000000dEaD' as Address
    const missing = await get(stored.service.app, `/vaults/${stranger}?chain=${CHAIN}`)
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('VAULT_NOT_FOUND')
    expect(missing.body.detail).toContain(stranger)
    expect((await get(stored.service.app, `/vaults/0x12?chain=${CHAIN}`)).status).toBe(400)
  })
})
