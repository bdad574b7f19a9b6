import { type Address, createWalletClient, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { beefyVaultAbi, demoTokenAbi, priceFeedAbi, rewardFarmAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { ownService } from '../../test/ownService.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import type { ChainSnapshot } from '../chain-snapshot/index.js'
import { figureDigest } from '../status/index.js'
import { figureKey, snapshotPrices, type FigureDigest } from '../pricing/index.js'
import { buildRegistry } from '../registry/index.js'
import { JumpWatch } from './JumpWatch.js'

/**
 * The jump rule at its boundary, for the three kinds of figure it watches (a vault's TVL, its
 * forward APY, a token's price): a move of 4× within 6 hours is no jump, one of 6× is. First on
 * a real snapshot's figures scaled by the test, then by real moves on a chain of its own: deposits
 * that multiply a vault's stake in its farm (its TVL up, its forward APY down with it), a feed
 * that posts 4 and then 6 times its answer.
 */
const CHAIN = 31_490

type Flag = { field: string; kind: string; detail: string }
type Vault = { address: Address; tvl: number; apyBreakdown: { totalApy: number }; flags?: Flag[] }

describe('jumps of 4× and 6×', () => {
  const { own, service } = ownService({ chainId: CHAIN, specOf: 56 }, { ready: (service) => service.refresher.refresh(CHAIN) })
  const deployer = () => privateKeyToAccount(own().manifest.accounts[0]!.privateKey as Hex)
  const wallet = () => createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: deployer() })
  const confirm = (hash: Promise<Hex>) => confirmOn(own().client, hash)
  /** The Beefy vault of a plain token (anyone may mint it), whose strategy stakes in a farm of its own. */
  const vault = () =>
    own().manifest.vaults.find((candidate) => candidate.kind === 'beefy' && !own().manifest.pairs.some((pair) => pair.address === candidate.want))!
  /** A stable's feed: no vault's reward or stake is priced by it alone. */
  const feed = () => own().manifest.feeds.find((candidate) => candidate.token !== own().manifest.wrappedNative)!
  const jumps = (entry: { flags?: Flag[] | undefined }) => (entry.flags ?? []).filter((flag) => flag.kind === 'jump')
  const vaultEntry = async () => (await get(service().app, `/vaults?chain=${CHAIN}`)).body.find((entry: Vault) => entry.address === vault().address) as Vault
  const priceEntry = async () => (await get(service().app, `/prices?chain=${CHAIN}`)).body[feed().token] as { usd: number; flags?: Flag[] }

  it("watches the figures the answers give: every vault's TVL and APYs of /vaults, every pool's TVL and APRs of /v2/pools, every price of /prices", async () => {
    const snapshot = service().cache.latest(CHAIN)!
    const registry = buildRegistry(own().registry, 'own registry')
    const digest = figureDigest(snapshotPrices(registry.chains.get(CHAIN)!, snapshot, {}))
    const served: Record<string, number> = {}
    const keep = (entry: string, field: string, value: unknown) => {
      if (typeof value === 'number') served[figureKey(entry, field)] = value
    }
    for (const entry of (await get(service().app, `/vaults?chain=${CHAIN}`)).body as (Vault & { apy: Record<string, number | null> })[]) {
      keep(entry.address, 'tvl', entry.tvl)
      for (const [window, rate] of Object.entries(entry.apy)) keep(entry.address, `apy.${window}`, rate)
      keep(entry.address, 'apyBreakdown.totalApy', entry.apyBreakdown?.totalApy)
    }
    type Pool = { address: string; tvl: number; chaindata: { stakingPools: { apr: number; aprNote?: string }[] } }
    for (const pool of (await get(service().app, `/v2/pools?chain=${CHAIN}`)).body as Pool[]) {
      keep(pool.address, 'tvl', pool.tvl)
      pool.chaindata.stakingPools.forEach((staking, index) => {
        if (!staking.aprNote) keep(pool.address, `chaindata.stakingPools[${index}].apr`, staking.apr)
      })
    }
    for (const [token, price] of Object.entries((await get(service().app, `/prices?chain=${CHAIN}`)).body as Record<string, { usd: number | null }>))
      keep(token, 'usd', price.usd)
    const figures = compared(digest)
    expect(figures.size).toBeGreaterThan(20)
    expect(Object.fromEntries(figures)).toEqual(served)
  })

  it("on a real snapshot's figures: a TVL, an APY and a price 4× (or a quarter) of an hour before are no jump, 6× (or a sixth) are, and 6× seven hours apart is not", () => {
    const snapshot = service().cache.latest(CHAIN)!
    const registry = buildRegistry(own().registry, 'own registry')
    const digest = figureDigest(snapshotPrices(registry.chains.get(CHAIN)!, snapshot, {}))
    const figures = [
      [vault().address, 'tvl'],
      [vault().address, 'apyBreakdown.totalApy'],
      [feed().token, 'usd'],
    ] as const
    const keys = figures.map(([entry, field]) => figureKey(entry, field))
    const figureOf = (entry: string, field: string) => digest.get(entry)![field]!
    for (const [entry, field] of figures) expect(figureOf(entry, field), figureKey(entry, field)).toBeGreaterThan(0)
    const at = (seconds: number): ChainSnapshot => ({
      ...snapshot,
      state: { ...snapshot.state, blockNumber: snapshot.state.blockNumber + BigInt(seconds), timestamp: snapshot.state.timestamp + seconds },
    })
    const scaled = (factor: number) => {
      const moved = new Map(digest)
      for (const [entry, field] of figures) moved.set(entry, { ...moved.get(entry)!, [field]: figureOf(entry, field) * factor })
      return moved
    }
    const watch = () => new JumpWatch({ registry, figurePolicy: undefined, figuresOf: figureDigest })
    for (const [four, six] of [
      [4, 6],
      [1 / 4, 1 / 6],
    ] as const) {
      const watching = watch()
      expect(watching.observe(at(0), digest)).toBeUndefined()
      expect(watching.observe(at(3_600), scaled(four))).toBeUndefined()
      const seen = watching.observe(at(7_200), scaled(six))
      expect(Object.keys(seen ?? {}).sort()).toEqual([...keys].sort())
      for (const [entry, field] of figures)
        expect(seen![figureKey(entry, field)]).toEqual({
          from: figureOf(entry, field),
          to: figureOf(entry, field) * six,
          fromBlock: snapshot.state.blockNumber.toString(),
          fromTimestamp: snapshot.state.timestamp,
        })
    }
    const later = watch()
    later.observe(at(0), digest)
    expect(later.observe(at(7 * 3_600), scaled(6))).toBeUndefined()
  })

  it("deposits that make a vault's stake 4× and then 6× what it was: its TVL and its forward APY are no jump at 4×, both are at 6×, against the figures they moved from", async () => {
    const { address, want, strategy } = vault()
    const farm = await own().client.readContract({ address: strategy!, abi: strategyFarmAbi, functionName: 'farm' })
    const staked = () => own().client.readContract({ address: farm, abi: rewardFarmAbi, functionName: 'totalStaked' })
    const before = await vaultEntry()
    expect(jumps(before)).toEqual([])
    const stake = await staked()
    const deposit = async (stakes: bigint) => {
      const amount = stake * stakes
      await confirm(wallet().writeContract({ address: want, abi: demoTokenAbi, functionName: 'mint', args: [deployer().address, amount] }))
      await confirm(wallet().writeContract({ address: want, abi: demoTokenAbi, functionName: 'approve', args: [address, amount] }))
      await confirm(wallet().writeContract({ address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount], gas: TX_GAS }))
      await service().refresher.refresh(CHAIN)
      return vaultEntry()
    }
    const fourfold = await deposit(3n)
    // The farm's rate is paid over 4 times the stake: a dollar in it earns a quarter.
    expect(Number(await staked()) / Number(stake)).toBeCloseTo(4, 6)
    const apyRatio = (entry: Vault) => before.apyBreakdown.totalApy / entry.apyBreakdown.totalApy
    expect(fourfold.tvl / before.tvl).toBeGreaterThan(3.9)
    expect(fourfold.tvl / before.tvl).toBeLessThan(4.1)
    expect(apyRatio(fourfold)).toBeGreaterThan(3.9)
    expect(apyRatio(fourfold)).toBeLessThan(4.5)
    expect(jumps(fourfold)).toEqual([])
    const sixfold = await deposit(2n)
    expect(Number(await staked()) / Number(stake)).toBeCloseTo(6, 6)
    expect(sixfold.tvl / before.tvl).toBeGreaterThan(5.9)
    expect(apyRatio(sixfold)).toBeGreaterThan(5.9)
    expect(apyRatio(sixfold)).toBeLessThan(7)
    expect(jumps(sixfold).map((flag) => flag.field)).toEqual(['tvl', 'apyBreakdown.totalApy'])
    const [tvl, apy] = jumps(sixfold)
    expect(tvl?.detail).toContain(`from ${before.tvl.toPrecision(4)}`)
    expect(apy?.detail).toContain(`from ${before.apyBreakdown.totalApy.toPrecision(4)}`)
    expect(apy?.detail).toContain(`to ${sixfold.apyBreakdown.totalApy.toPrecision(4)}`)
  })

  it('a feed that posts 4× its answer: the price is no jump; 6× its first answer within the six hours: it is', async () => {
    const { address, token, decimals } = feed()
    const answer = async () => (await own().client.readContract({ address, abi: priceFeedAbi, functionName: 'latestRoundData' }))[1]
    const first = await answer()
    const before = await priceEntry()
    expect(before.usd).toBe(Number(first) / 10 ** decimals)
    expect(jumps(before)).toEqual([])
    const post = async (times: bigint) => {
      await confirm(wallet().writeContract({ address, abi: priceFeedAbi, functionName: 'updateAnswer', args: [first * times] }))
      await service().refresher.refresh(CHAIN)
      expect(await answer()).toBe(first * times)
      return priceEntry()
    }
    const fourfold = await post(4n)
    expect(fourfold.usd).toBe((Number(first) * 4) / 10 ** decimals)
    expect(jumps(fourfold)).toEqual([])
    const sixfold = await post(6n)
    expect(sixfold.usd).toBe((Number(first) * 6) / 10 ** decimals)
    expect(jumps(sixfold)).toEqual([expect.objectContaining({ field: 'usd' })])
    expect(jumps(sixfold)[0]!.detail).toContain(`moved 6.0× from ${before.usd.toPrecision(4)}`)
    expect(service().cache.latest(CHAIN)!.jumps?.[figureKey(token, 'usd')]?.from).toBe(before.usd)
  })
})

/** A digest's compared figures (finite numbers) by figureKey. */
function compared(digest: FigureDigest): Map<string, number> {
  return new Map(
    [...digest].flatMap(([entry, fields]) =>
      Object.entries(fields).flatMap(([field, value]) =>
        typeof value === 'number' && Number.isFinite(value) ? [[figureKey(entry, field), value] as const] : [],
      ),
    ),
  )
}
