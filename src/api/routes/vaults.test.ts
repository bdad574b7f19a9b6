import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { confirm, devnet, devnetChain, fundedAccount, mine, publicClientFor, TX_GAS, walletClientFor } from '../../../test/devnet.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { apyPercent } from '../../pricing/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../../store/index.js'

/** GET /vaults and /vaults/{address}/apy-history over a refresher with a store, on chain 56. */
const CHAIN = 56
const DAY_MS = 86_400_000
const client = () => publicClientFor(CHAIN)
const beefy = () => devnetChain(CHAIN).vaults.find((vault) => vault.kind === 'beefy' && vault.strategy)!

let service: RefresherApp
let store: SnapshotStore
beforeAll(async () => {
  const sql = await openSqlClient({ dataDir: 'memory://' })
  await migrate(sql)
  store = new SnapshotStore(sql)
  service = await refresherApp({ chains: devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN), registry: devnetRegistry(devnet()), store })
  await service.refresher.refresh(CHAIN)
})
afterAll(async () => {
  await service.close()
  await store.close()
})

async function get(url: string) {
  const response = await service.app.inject({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return { body: response.json(), blockNumber: BigInt(String(response.headers['x-block-number'] ?? 0)) }
}

describe('GET /vaults', () => {
  it("lists every registered vault with the chain's own price per share, last harvest and TVL; no APY before the history reaches back", async () => {
    const { body, blockNumber } = await get(`/vaults?chain=${CHAIN}`)
    expect(body.map((entry: { address: Address }) => entry.address).sort()).toEqual(
      devnetChain(CHAIN)
        .vaults.map((vault) => vault.address)
        .sort(),
    )
    const entry = body.find((candidate: { address: Address }) => candidate.address === beefy().address)
    const at = { blockNumber } as const
    const pps = await client().readContract({ ...at, address: beefy().address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    const lastHarvest = await client().readContract({ ...at, address: beefy().strategy!, abi: strategyFarmAbi, functionName: 'lastHarvest' })
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
    expect(entry.apy).toEqual({ '1d': null, '7d': null, '30d': null })
    expect(entry.notes).toContain('1d: the stored history does not reach 1d back yet')
  })

  it('APY follows a harvest: the growth of the price per share since the point a day back, compounded over a year; 7d and 30d stay null', async () => {
    const before = (await get(`/vaults?chain=${CHAIN}`)).body.find((entry: { address: Address }) => entry.address === beefy().address)
    const dayAgo = Date.now() - DAY_MS - 60_000
    await store.appendHistory({
      chainId: CHAIN,
      blockNumber: 1n,
      takenAt: dayAgo,
      tvl: { bridgeTvl: 0, poolTvl: 0, yieldTvl: 0 },
      aprs: [],
      vaults: [{ vault: beefy().address, pricePerShare: BigInt(before.pricePerShare) }],
    })
    // A harvest compounds the farm's rewards into the vault: its price per share grows.
    const harvester = await fundedAccount(CHAIN)
    await mine(CHAIN, 20)
    await confirm(
      CHAIN,
      walletClientFor(CHAIN, harvester.account).writeContract({ address: beefy().strategy!, abi: strategyFarmAbi, functionName: 'harvest', gas: TX_GAS }),
    )
    await service.refresher.refresh(CHAIN, await client().getBlockNumber({ cacheTime: 0 }))
    const after = (await get(`/vaults?chain=${CHAIN}`)).body.find((entry: { address: Address }) => entry.address === beefy().address)
    expect(BigInt(after.pricePerShare)).toBeGreaterThan(BigInt(before.pricePerShare))
    const takenAt = service.cache.latest(CHAIN)!.takenAt
    const expected = apyPercent(BigInt(before.pricePerShare), BigInt(after.pricePerShare), takenAt - dayAgo)
    expect(after.apy['1d']).toBeGreaterThan(0)
    expect(after.apy['1d']).toBeCloseTo(expected, 3)
    expect(after.apy['7d']).toBeNull()
    expect(after.apy['30d']).toBeNull()

    // The history: the point a day back (no APY: nothing a day before it), then the one the refresher
    // recorded with its first snapshot (points are kept once a minute), whose price had not moved: 0 %.
    const history = await get(`/vaults/${beefy().address}/apy-history?chain=${CHAIN}&from=${dayAgo - 1}`)
    expect(history.body.points).toEqual([
      { blockNumber: '1', takenAt: new Date(dayAgo).toISOString(), pricePerShare: before.pricePerShare, apy: null },
      { blockNumber: expect.stringMatching(/^[0-9]+$/), takenAt: expect.any(String), pricePerShare: before.pricePerShare, apy: 0 },
    ])
  })

  it('the history of an address that is no registered vault of the chain is a 404 VAULT_NOT_FOUND', async () => {
    const response = await service.app.inject({ method: 'GET', url: `/vaults/${devnetChain(CHAIN).tokens.USDC}/apy-history?chain=${CHAIN}` })
    expect(response.statusCode).toBe(404)
    expect(response.json().code).toBe('VAULT_NOT_FOUND')
  })
})
