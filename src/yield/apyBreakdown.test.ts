import { type Address, numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rewardFarmAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { devnet, devnetChain, publicClientFor } from '../../test/devnet.js'
import { HARVEST_EVENTS, wantOfHarvest } from '../../test/harvestEvents.js'
import { ownService } from '../../test/ownService.js'
import { pricesFromChain } from '../../test/pricesFromChain.js'
import { rootKGrowth } from '../../test/rootK.js'
import type { RefresherApp } from '../../test/refresherApp.js'
import { indexedDevnetService, type StoredDevnetService } from '../../test/storedDevnetService.js'
import { devnetRegistry } from '../devnet/index.js'
import { buildRegistry } from '../registry/index.js'

/** GET /vaults' apyBreakdown, each part computed here from the chain's own reads. */
const DAY = 86_400
const YEAR = 365 * DAY

type Breakdown = {
  farmApr: number
  vaultApr: number
  compoundingsPerYear: number
  performanceFee: number
  vaultApy: number
  tradingApr: number | null
  totalApy: number | null
  tradingAprFrom: { window: string; blockNumber: string; timestamp: number } | null
}
type Entry = { address: Address; kind: string; apyBreakdown: Breakdown | null; notes?: string[] }

/** Agreement to `tolerance` of the expected value: |a − b| ≤ tolerance × |b| (exactly, for 0). */
function expectClose(actual: number | null, expected: number, what: string, tolerance = 1e-9) {
  expect(actual, what).not.toBeNull()
  expect(Math.abs(actual! - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance * Math.abs(expected))
}

describe('GET /vaults apyBreakdown on the devnet', () => {
  const CHAIN = 56
  let stored: StoredDevnetService
  let service: RefresherApp
  beforeAll(async () => {
    stored = await indexedDevnetService(CHAIN)
    service = stored.service
  }, 120_000)
  afterAll(() => stored?.close())

  it("agrees to 1e-9 with the test's own farm APR, fee, compounding count, trading APR and totals", async () => {
    const client = publicClientFor(CHAIN)
    const { status, body, headers } = await get(service.app, `/vaults?chain=${CHAIN}`)
    expect(status).toBe(200)
    const blockNumber = BigInt(String(headers['x-block-number']))
    const at = { blockNumber } as const
    const now = Number((await client.getBlock(at)).timestamp)
    const registry = buildRegistry(devnetRegistry(devnet()), 'devnet').chains.get(CHAIN)!
    const prices = pricesFromChain(CHAIN, registry, blockNumber)
    let lp = 0
    let single = 0
    // Every vault over a strategy, Beefy's and ERC-4626's alike: their strategies report their fees.
    for (const vault of devnetChain(CHAIN).vaults.filter((candidate) => candidate.strategy)) {
      const entry = (body as Entry[]).find((candidate) => candidate.address === vault.address)!
      const breakdown = entry.apyBreakdown
      expect(breakdown, entry.notes?.join('; ')).not.toBeNull()
      const strategy = vault.strategy!
      // The farm: its emission at this block, priced, over everything staked in it.
      const farm = await client.readContract({ ...at, address: strategy, abi: strategyFarmAbi, functionName: 'farm' })
      const read = (functionName: 'rewardPerSecond' | 'totalStaked') =>
        client.readContract({ ...at, address: farm, abi: rewardFarmAbi, functionName }) as Promise<bigint>
      const rewardToken = await client.readContract({ ...at, address: farm, abi: rewardFarmAbi, functionName: 'rewardToken' })
      // The farm pays by the second: a year of seconds, whatever the chain's block time.
      const farmApr = ((await prices.value(rewardToken, await read('rewardPerSecond'))) * YEAR) / (await prices.value(vault.want, await read('totalStaked')))
      expect(farmApr).toBeGreaterThan(0)
      expectClose(breakdown!.farmApr, farmApr, 'farmApr')
      // A farm funded for less than a year at this rate says so (the devnet's: two years).
      const reserve = await client.readContract({ ...at, address: farm, abi: rewardFarmAbi, functionName: 'rewardReserve' })
      const days = Math.floor(Number(reserve) / Number(await read('rewardPerSecond')) / DAY)
      const lasts = `apyBreakdown: farm ${farm} holds rewards for about ${days} days at this rate: farmApr is what it pays now, a year of it only if it is funded again`
      if (days < 365) expect(entry.notes).toContain(lasts)
      else expect(entry.notes?.some((note) => note.includes('holds rewards for about'))).toBeFalsy()
      // The fee: the strategy's own constant.
      const fee = Number(await client.readContract({ ...at, address: strategy, abi: strategyFarmAbi, functionName: 'HARVEST_FEE_BPS' })) / 1e4
      expectClose(breakdown!.performanceFee, fee, 'performanceFee', 1e-12)
      const vaultApr = farmApr * (1 - fee)
      expectClose(breakdown!.vaultApr, vaultApr, 'vaultApr')
      // How often it compounded: its harvests that made want in the last 30 days of chain time
      // (Harvested, or StratHarvest for the stand-ins of Beefy's earlier strategies).
      const harvested = await client.getLogs({ address: strategy, events: HARVEST_EVENTS, fromBlock: 0n, toBlock: blockNumber })
      const times = await Promise.all(
        harvested.map(async (log) => ({ time: Number((await client.getBlock({ blockNumber: log.blockNumber })).timestamp), log })),
      )
      const count = times.filter(({ time, log }) => time >= now - 30 * DAY && wantOfHarvest(log) > 0n).length
      // The devnet's past reaches 31 days back, a harvest a day (the last day's at the strategy's own hour): the whole window counts.
      expect(count).toBeGreaterThanOrEqual(29)
      const compoundings = (count * YEAR) / (30 * DAY)
      expectClose(breakdown!.compoundingsPerYear, compoundings, 'compoundingsPerYear')
      const vaultApy = (1 + vaultApr / compoundings) ** compoundings - 1
      expectClose(breakdown!.vaultApy, vaultApy, 'vaultApy')
      // Trading fees: √k per LP token now over that of about 7 days back.
      let tradingApr = 0
      if (registry.lpPairs.has(vault.want)) {
        lp++
        const from = breakdown!.tradingAprFrom!
        expect(from, entry.notes?.join('; ')).toMatchObject({ window: '7d' })
        expect(Math.abs(now - 7 * DAY - from.timestamp)).toBeLessThanOrEqual(7 * DAY * 0.05)
        // The base's time is its block's own: the span the growth is yearly-scaled over comes from the chain.
        expect(from.timestamp).toBe(Number((await client.getBlock({ blockNumber: BigInt(from.blockNumber) })).timestamp))
        tradingApr = (await rootKGrowth(client, vault.want, BigInt(from.blockNumber), blockNumber)) * (YEAR / (now - from.timestamp))
        // The past's daily trades through the pair: its fees are a few percent a year.
        expect(tradingApr).toBeGreaterThan(0.01)
        expectClose(breakdown!.tradingApr, tradingApr, 'tradingApr')
      } else {
        single++
        expect(breakdown!.tradingApr).toBe(0)
        expect(entry.notes).toContain('apyBreakdown: tradingApr is 0: the want is not an LP pair, so it earns no trading fees')
      }
      expectClose(breakdown!.totalApy, (1 + vaultApy) * (1 + tradingApr) - 1, 'totalApy')
      // Invariants: the parts give the total, net is never above gross.
      expectClose(breakdown!.totalApy, (1 + breakdown!.vaultApy) * (1 + breakdown!.tradingApr!) - 1, 'parts give the total', 1e-12)
      expect(breakdown!.vaultApr).toBeLessThanOrEqual(breakdown!.farmApr)
      expect(breakdown!.vaultApy).toBeGreaterThanOrEqual(breakdown!.vaultApr)
    }
    expect(lp).toBeGreaterThan(0)
    expect(single).toBeGreaterThan(0)
  })

  it('gives a vault without a strategy none, with a note, as for its fees', async () => {
    const { body } = await get(service.app, `/vaults?chain=${CHAIN}`)
    const bare = devnetChain(CHAIN).vaults.filter((vault) => !vault.strategy)
    expect(bare.length).toBeGreaterThan(0)
    for (const vault of bare) {
      const entry = (body as Entry[]).find((candidate) => candidate.address === vault.address)!
      expect(entry.apyBreakdown).toBeNull()
      expect(entry.notes?.some((note) => note.startsWith('apyBreakdown: '))).toBe(true)
    }
  })
})

describe('GET /vaults apyBreakdown of a vault whose farm has ended', () => {
  const CHAIN = 31_407
  const { own, service } = ownService(
    { chainId: CHAIN, specOf: 56 },
    {
      setUp: async (own) => {
        // Blocks 3 s apart: the block time of a chain the service does not know is measured.
        await own.setBlockInterval(3)
        await own.mine(300)
      },
    },
  )

  it('says farmApr 0 once the farm has nothing left to pay, and so vaultApr and vaultApy 0', async () => {
    const vault = own().manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const farm = await own().client.readContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'farm' })
    await service().refresher.refresh(CHAIN)
    const before = (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((entry: Entry) => entry.address === vault.address)
    expect(before.apyBreakdown?.farmApr, before.notes?.join('; ')).toBeGreaterThan(0)
    // RewardFarm's storage: totalStaked, accRewardPerShare, lastRewardTime, rewardReserve (slot 3).
    await own().client.request({ method: 'anvil_setStorageAt', params: [farm, numberToHex(3, { size: 32 }), numberToHex(0, { size: 32 })] } as never)
    await own().mine(1)
    expect(await own().client.readContract({ address: farm, abi: rewardFarmAbi, functionName: 'rewardReserve' })).toBe(0n)
    await service().refresher.refresh(CHAIN)
    const after = (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((entry: Entry) => entry.address === vault.address)
    expect(after.apyBreakdown).toMatchObject({ farmApr: 0, vaultApr: 0, vaultApy: 0 })
    expect(after.notes.some((note: string) => note.includes('has nothing left to pay'))).toBe(true)
    // A chain with no past: no harvest counted, no reserves a day back, so no trading APR and no total, each said in a note.
    expect(after.apyBreakdown).toMatchObject({ compoundingsPerYear: 365, tradingApr: null, totalApy: null })
    expect(after.notes.some((note: string) => note.startsWith('apyBreakdown: tradingApr and totalApy are null'))).toBe(true)
    expect(after.notes.some((note: string) => note.startsWith('apyBreakdown: compoundingsPerYear is the default 365'))).toBe(true)
  })
})
