import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi, uniswapV2PairAbi } from '../../../contracts/artifacts/index.js'
import { devnet, devnetChain, publicClientFor } from '../../../test/devnet.js'
import { beefyFeeAbi } from '../../../test/feeShapes.js'
import { testApp } from '../../../test/app.js'
import type { RefresherApp } from '../../../test/refresherApp.js'
import { storedDevnetService, type StoredDevnetService } from '../../../test/storedDevnetService.js'
import { apyFromChain, type Entry, get, WINDOWS } from '../../../test/vaultApy.js'
import { devnetRegistry } from '../../devnet/index.js'

/**
 * GET /vaults and /vaults/{address}/apy-history on the devnet, over a refresher with a store (the APYs of a
 * chain with a month of past and no recorded history are in vaultFirstDayApy.test.ts).
 */
describe('GET /vaults on the devnet', () => {
  const CHAIN = 56
  const beefy = () => devnetChain(CHAIN).vaults.find((vault) => vault.kind === 'beefy' && vault.strategy)!
  let stored: StoredDevnetService
  let service: RefresherApp
  beforeAll(async () => {
    stored = await storedDevnetService(CHAIN)
    service = stored.service
    await service.refresher.refresh(CHAIN)
    // The price per share a window back is looked for beside the first snapshot: the next one carries it.
    await service.refresher.settled()
    await service.refresher.refresh(CHAIN)
  })
  afterAll(() => stored?.close())

  it("lists every registered vault with the chain's own price per share, last harvest and TVL, and APYs over its month of past from the first snapshot", async () => {
    const { body, blockNumber } = await get(service, `/vaults?chain=${CHAIN}`)
    expect(body.map((entry: Entry) => entry.address).sort()).toEqual(
      devnetChain(CHAIN)
        .vaults.map((vault) => vault.address)
        .sort(),
    )
    const entry = body.find((candidate: Entry) => candidate.address === beefy().address)
    const at = { blockNumber } as const
    const client = publicClientFor(CHAIN)
    const pps = await client.readContract({ ...at, address: beefy().address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    const lastHarvest = await client.readContract({ ...at, address: beefy().strategy!, abi: strategyFarmAbi, functionName: 'lastHarvest' })
    expect(entry).toMatchObject({
      chainId: CHAIN,
      kind: 'beefy',
      want: beefy().want,
      strategy: beefy().strategy,
      pricePerShare: pps.toString(),
      lastHarvest: Number(lastHarvest),
    })
    expect(entry.zaps).toEqual(beefy().zap ? [{ address: beefy().zap, defaultTokenIn: beefy().zapTokenIn }] : [])
    expect(entry.tvl).toBeGreaterThan(0)
    // The devnet starts with a month of daily harvests: every window has its APY, from the node.
    const now = Number((await client.getBlock(at)).timestamp)
    for (const [window, seconds] of Object.entries(WINDOWS)) {
      const from = entry.apyFrom[window]
      expect(from, `${window}: ${entry.notes?.join('; ')}`).toMatchObject({ source: expect.stringMatching(/^(node|store)$/) })
      expect(Math.abs(now - seconds - from.timestamp), window).toBeLessThanOrEqual(seconds * 0.05)
      const expected = await apyFromChain(client, beefy().address, BigInt(from.blockNumber), blockNumber)
      // The last day holds a harvest only while the devnet is younger than its last laid harvest's hour:
      // a day without one has growth 0, which the served rate must equal; the longer windows always earn.
      if (window !== '1d') expect(expected, window).toBeGreaterThan(0)
      expect(Math.abs(entry.apy[window] - expected), window).toBeLessThanOrEqual(0.000000005 + expected * 1e-9)
    }
  })

  it("names each vault, its want and its share token as the chain does: the registry's name, else its want's", async () => {
    const client = publicClientFor(CHAIN)
    const read = (address: Address, functionName: 'symbol' | 'decimals') => client.readContract({ address, abi: erc20Abi, functionName })
    const pairTokens = async (pair: Address) =>
      Promise.all(
        (['token0', 'token1'] as const).map(async (functionName) => {
          try {
            return await client.readContract({ address: pair, abi: uniswapV2PairAbi, functionName })
          } catch {
            return undefined
          }
        }),
      )
    // The names the chain's own reads give: "A-B LP" for a pair, else the want's symbol.
    const expectedOf = async (vault: { address: Address; want: Address }) => {
      const [token0, token1] = await pairTokens(vault.want)
      const wantSymbol = token0 && token1 ? `${await read(token0, 'symbol')}-${await read(token1, 'symbol')} LP` : await read(vault.want, 'symbol')
      return {
        wantSymbol,
        wantDecimals: await read(vault.want, 'decimals'),
        shareDecimals: await read(vault.address, 'decimals'),
        lpTokens: token0 && token1 ? { token0, token1 } : null,
      }
    }
    const registry = devnetRegistry(devnet())
    const registered = registry.chains[String(CHAIN)]!.vaults!
    const { body } = await get(service, `/vaults?chain=${CHAIN}`)
    let pairs = 0
    for (const vault of devnetChain(CHAIN).vaults) {
      const expected = await expectedOf(vault)
      if (expected.lpTokens) pairs++
      const name = registered.find((entry) => entry.address === vault.address)!.name
      expect(body.find((entry: Entry) => entry.address === vault.address)).toMatchObject({ ...expected, name })
    }
    expect(pairs).toBeGreaterThan(0)

    // A registry that names no vault: each goes by its want.
    const unnamed = structuredClone(registry)
    for (const entry of unnamed.chains[String(CHAIN)]!.vaults!) delete entry.name
    const app = await testApp({ registry: unnamed })
    try {
      const response = await app.inject({ method: 'GET', url: `/vaults?chain=${CHAIN}` })
      expect(response.statusCode, response.body).toBe(200)
      for (const vault of devnetChain(CHAIN).vaults) {
        const entry = response.json().find((candidate: Entry) => candidate.address === vault.address)
        expect(entry.name).toBe((await expectedOf(vault)).wantSymbol)
      }
    } finally {
      await app.close()
    }
  })

  it("gives each vault's fees as fractions from its strategy's own settings, the same by GET /fees; a vault without a strategy none, with a note", async () => {
    const { body } = await get(service, `/vaults?chain=${CHAIN}`)
    const { body: byVault } = await get(service, `/fees?chain=${CHAIN}`)
    const client = publicClientFor(CHAIN)
    const read = (strategy: Address, functionName: 'HARVEST_FEE_BPS' | 'CALL_FEE_BPS' | 'withdrawalFee') =>
      client.readContract({ address: strategy, abi: strategyFarmAbi, functionName })
    let checked = 0
    let erc4626 = 0
    // Which of Beefy's fee interfaces each strategy on this chain has: getAllFees(), or 2022's getFees() (read here by the test).
    const shapes = { getAllFees: 0, getFees: 0 }
    for (const vault of devnetChain(CHAIN).vaults) {
      const entry = body.find((candidate: Entry) => candidate.address === vault.address)
      expect(byVault[vault.address]).toEqual(entry.fees)
      // An ERC-4626 vault over a registered strategy pays that strategy's fees, as a Beefy vault does.
      if (!vault.strategy) {
        expect(entry.fees).toBeNull()
        expect(entry.notes.some((note: string) => note.startsWith('fees: '))).toBe(true)
        continue
      }
      // The test's own reading of the strategy's constants, in basis points (not its getAllFees()).
      const [harvest, call, withdrawal] = (
        await Promise.all([read(vault.strategy, 'HARVEST_FEE_BPS'), read(vault.strategy, 'CALL_FEE_BPS'), read(vault.strategy, 'withdrawalFee')])
      ).map(Number)
      const expected = { total: harvest! / 1e4, call: call! / 1e4, strategist: 0, treasury: (harvest! - call!) / 1e4 }
      for (const [part, value] of Object.entries(expected)) expect(Math.abs(entry.fees.performance[part] - value), part).toBeLessThanOrEqual(1e-12)
      expect(Math.abs(entry.fees.withdraw - withdrawal! / 1e4)).toBeLessThanOrEqual(1e-12)
      expect(entry.fees.deposit).toBe(0)
      const current = await client.readContract({ address: vault.strategy, abi: beefyFeeAbi, functionName: 'getAllFees' }).then(
        () => true,
        () => false,
      )
      if (!current) {
        // The 2022 shape, read by Beefy's own ABI: ONE FeeCategory struct (total a share of the harvest, the parts shares of it, 1e18 = all), the withdrawal fee over WITHDRAWAL_MAX.
        const { total, beefy, call: callShare } = await client.readContract({ address: vault.strategy, abi: beefyFeeAbi, functionName: 'getFees' })
        const max = await client.readContract({ address: vault.strategy, abi: beefyFeeAbi, functionName: 'WITHDRAWAL_MAX' })
        expect(Math.abs(entry.fees.performance.total - Number(total) / 1e18)).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.performance.call - (Number(total) / 1e18) * (Number(callShare) / 1e18))).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.performance.treasury - (Number(total) / 1e18) * (Number(beefy) / 1e18))).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.performance.split.call - Number(callShare) / 1e18)).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.withdraw - withdrawal! / Number(max))).toBeLessThanOrEqual(1e-12)
        // Its forward APY needs its fee: there is one.
        expect(entry.apyBreakdown, entry.notes?.join('; ')).not.toBeNull()
      }
      shapes[current ? 'getAllFees' : 'getFees']++
      if (vault.kind === 'erc4626') erc4626++
      // The parts add up to the total.
      const { total, split, ...parts } = entry.fees.performance
      expect(Math.abs(Object.values(parts as Record<string, number>).reduce((sum, value) => sum + value, 0) - total)).toBeLessThanOrEqual(1e-12)
      expect(Math.abs(Object.values(split as Record<string, number>).reduce((sum, value) => sum + value, 0) - 1)).toBeLessThanOrEqual(1e-12)
      checked++
    }
    expect(checked).toBeGreaterThan(0)
    expect(erc4626).toBeGreaterThan(0)
    expect(shapes.getAllFees).toBeGreaterThan(0)
    expect(shapes.getFees).toBeGreaterThan(0)
  })

  it('the history of an address that is no registered vault of the chain is a 404 VAULT_NOT_FOUND', async () => {
    const response = await service.app.inject({ method: 'GET', url: `/vaults/${devnetChain(CHAIN).tokens.USDC}/apy-history?chain=${CHAIN}` })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('VAULT_NOT_FOUND')
  })
})
