import { type Address, createWalletClient, erc20Abi, type Hex, http, maxUint256, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi, strategyFarmOldFeesAbi, uniswapV2PairAbi } from '../../../contracts/artifacts/index.js'
import { confirmOn, devnet, devnetChain, publicClientFor, TX_GAS } from '../../../test/devnet.js'
import { testApp } from '../../../test/app.js'
import { startOwnChain, type OwnChain } from '../../../test/ownChain.js'
import { capturedLog } from '../../../test/capturedLog.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { storedDevnetService, type StoredDevnetService } from '../../../test/storedDevnetService.js'
import { devnetRegistry } from '../../devnet/index.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../../store/index.js'

/** GET /vaults and /vaults/{address}/apy-history over a refresher with a store. */
const DAY = 86_400
const WINDOWS = { '1d': DAY, '7d': 7 * DAY, '30d': 30 * DAY } as const
const YEAR = 365 * DAY

type Entry = {
  address: Address
  pricePerShare: string
  lastHarvest: number
  apy: Record<string, number | null>
  apyFrom: Record<string, { blockNumber: string; timestamp: number; source: string } | null>
  notes?: string[]
}

async function get(service: RefresherApp, url: string) {
  const response = await service.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return { body: response.json(), blockNumber: BigInt(String(response.headers['x-block-number'] ?? 0)) }
}

/**
 * The test's own APY, a fraction a year: the growth of getPricePerFullShare between the two blocks, read
 * from the chain, compounded over a year by the span of their timestamps (none of the service's code).
 */
async function apyFromChain(client: PublicClient, vault: Address, from: bigint, to: bigint): Promise<number> {
  const read = (blockNumber: bigint) => client.readContract({ address: vault, abi: beefyVaultAbi, functionName: 'getPricePerFullShare', blockNumber })
  const time = async (blockNumber: bigint) => Number((await client.getBlock({ blockNumber })).timestamp)
  const growth = Number(await read(to)) / Number(await read(from))
  return growth ** (YEAR / ((await time(to)) - (await time(from)))) - 1
}

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
      expect(expected, window).toBeGreaterThan(0)
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
    // Which of Beefy's two fee interfaces each strategy has: getAllFees(), or the earlier getFees() (read here by the test).
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
      const current = await client.readContract({ address: vault.strategy, abi: strategyFarmAbi, functionName: 'getAllFees' }).then(
        () => true,
        () => false,
      )
      if (!current) {
        // The earlier shape: total a share of the harvest, the parts shares of it (1e18 = all), the withdrawal fee over WITHDRAWAL_MAX.
        const [total, beefy, callShare] = await client.readContract({ address: vault.strategy, abi: strategyFarmOldFeesAbi, functionName: 'getFees' })
        const max = await client.readContract({ address: vault.strategy, abi: strategyFarmOldFeesAbi, functionName: 'WITHDRAWAL_MAX' })
        expect(Math.abs(entry.fees.performance.total - Number(total) / 1e18)).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.performance.call - (Number(total) / 1e18) * (Number(callShare) / 1e18))).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.performance.treasury - (Number(total) / 1e18) * (Number(beefy) / 1e18))).toBeLessThanOrEqual(1e-12)
        expect(Math.abs(entry.fees.withdraw - withdrawal! / Number(max))).toBeLessThanOrEqual(1e-12)
        // Its forward APY needs its fee: there is one.
        expect(entry.apyBreakdown, entry.notes?.join('; ')).not.toBeNull()
      }
      shapes[current ? 'getAllFees' : 'getFees']++
      if (vault.kind === 'erc4626') erc4626++
      // The parts add up to the total.
      const { total, ...parts } = entry.fees.performance
      expect(Math.abs(Object.values(parts as Record<string, number>).reduce((sum, value) => sum + value, 0) - total)).toBeLessThanOrEqual(1e-12)
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

/**
 * A chain with a month of past: blocks `spacing` seconds apart (anvil moves its clock), the
 * vault harvested every day, and a deposit at `depositDays` (days from the start).
 */
async function chainWithAMonth(options: { chainId: number; spacing: number; anvilArgs?: string[]; depositDays?: number[] }) {
  const own = await startOwnChain({ chainId: options.chainId, specOf: 56, ...(options.anvilArgs && { anvilArgs: options.anvilArgs }) })
  const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
  const account = privateKeyToAccount(own.manifest.accounts[9]!.privateKey as Hex)
  const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
  const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
  await send({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
  await own.setBlockInterval(options.spacing)
  const perDay = Math.round(DAY / options.spacing)
  for (let day = 0; day <= 31; day++) {
    if (options.depositDays?.includes(day)) await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [10n ** 15n] })
    await send({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'harvest' })
    await own.mine(perDay - (options.depositDays?.includes(day) ? 2 : 1))
  }
  return { own, vault: vault.address }
}

describe('APY from the first day: a chain with a month of past and no recorded history', () => {
  const stores: SqlClient[] = []
  const owns: OwnChain[] = []
  const services: RefresherApp[] = []
  afterAll(async () => {
    for (const service of services) await service.close()
    for (const sql of stores) await sql.close()
    for (const own of owns) await own.stop()
  })

  async function serviceOver(own: OwnChain, withIndex: boolean, options: Pick<Parameters<typeof refresherApp>[0], 'env' | 'log'> = {}) {
    const sql = await openSqlClient({ dataDir: 'memory://' })
    stores.push(sql)
    await migrate(sql)
    const service = await refresherApp({
      chains: [own.chainConfig],
      registry: own.registry,
      store: new SnapshotStore(sql),
      ...(withIndex && { index: new IndexStore(sql) }),
      ...options,
    })
    services.push(service)
    return { service, store: new SnapshotStore(sql) }
  }

  it('reads the price per share a day, a week and a month back from an archive node, in chain time, and keeps it', async () => {
    const { own, vault } = await chainWithAMonth({ chainId: 31_405, spacing: 3_600 })
    owns.push(own)
    const { service, store } = await serviceOver(own, false)
    await service.refresher.refresh(own.chainConfig.chainId)
    await service.refresher.settled()
    await service.refresher.refresh(own.chainConfig.chainId)
    const { body, blockNumber } = await get(service, `/vaults?chain=${own.chainConfig.chainId}`)
    const entry = (body as Entry[]).find((candidate) => candidate.address === vault)!
    const now = Number((await own.client.getBlock({ blockNumber })).timestamp)
    for (const [window, seconds] of Object.entries(WINDOWS)) {
      const from = entry.apyFrom[window]!
      expect(from, window).toMatchObject({ source: 'node' })
      // Within 5 % of the window back, in the chain's own time.
      expect(Math.abs(now - seconds - from.timestamp), window).toBeLessThanOrEqual(seconds * 0.05)
      expect(from.timestamp).toBe(Number((await own.client.getBlock({ blockNumber: BigInt(from.blockNumber) })).timestamp))
      const expected = await apyFromChain(own.client, vault, BigInt(from.blockNumber), blockNumber)
      expect(expected, window).toBeGreaterThan(0)
      // The answer gives a fraction a year to 8 decimals.
      expect(Math.abs(entry.apy[window]! - expected), window).toBeLessThanOrEqual(0.000000005 + expected * 1e-9)
    }
    expect(entry.notes ?? []).toEqual(expect.not.arrayContaining([expect.stringMatching(/^(1d|7d|30d):/)]))
    // The points read from the node are recorded: the store gives them next time.
    const day = entry.apyFrom['1d']!
    const kept = await store.vaultPointsBetween(own.chainConfig.chainId, day.timestamp, day.timestamp)
    expect(kept.get(vault)?.blockNumber).toBe(BigInt(day.blockNumber))
  }, 180_000)

  it('on a node without old state, takes the exchange rate of a deposit the event index holds, and says why a window has none', async () => {
    // The chain runs 32 days: deposits at the start of the days 30, 7 and 1 day(s) before its head; no old state on the node.
    const { own, vault } = await chainWithAMonth({ chainId: 31_406, spacing: 600, anvilArgs: ['--prune-history'], depositDays: [2, 25, 31] })
    owns.push(own)
    const { log, lines } = capturedLog()
    const { service, store } = await serviceOver(own, true, { env: { HISTORY_BACKFILL_DAYS: '30' }, log })
    const chainId = own.chainConfig.chainId
    expect(await service.index!.reach(chainId, await own.client.getBlockNumber({ cacheTime: 0 }), 60_000)).toBe(true)
    await service.refresher.refresh(chainId)
    await service.refresher.settled()
    await service.refresher.refresh(chainId)
    const { body } = await get(service, `/vaults?chain=${chainId}`)
    const entry = (body as Entry[]).find((candidate) => candidate.address === vault)!
    for (const window of ['1d', '7d']) expect(entry.apyFrom[window], `${window}: ${entry.notes?.join('; ')}`).toMatchObject({ source: 'index' })
    expect(entry.apy['1d']).toBeGreaterThan(0)
    // Vaults without a deposit near the window's start: null, and the note names the pruned state.
    const other = (body as Entry[]).find((candidate) => candidate.address !== vault && candidate.apy['7d'] === null)!
    expect(
      other.notes?.some((note) => /^7d: the nodes no longer have the state of block [0-9]+/.test(note)),
      other.notes?.join('; '),
    ).toBe(true)
    // The month of TVL history is not there to read: one line says where it stopped and why, and nothing of another block was recorded in its place.
    const stopped = lines.filter((line) => line.msg.includes('history backfill of chain'))
    expect(stopped.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^history backfill of chain 31406 stopped at block [0-9]+ .*an archive node keeps it$/),
    ])
    const points = await store.tvlHistory({ from: 0, to: Number.MAX_SAFE_INTEGER })
    const snapshots = new Set([...points].map((point) => point.blockNumber))
    expect(points.length).toBe(snapshots.size)
    expect(Math.min(...points.map((point) => point.takenAt))).toBeGreaterThan((Number((await own.client.getBlock()).timestamp) - DAY) * 1000)
  }, 180_000)
})
