import { type Address, erc20Abi, erc4626Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../contracts/artifacts/index.js'
import { DEVNET_BLOCK_SECONDS, genesisTimestamp, layPast } from '../src/devnet/index.js'
import { buildRegistry } from '../src/registry/index.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../src/store/index.js'
import { get } from './app.js'
import { HARVEST_EVENTS } from './harvestEvents.js'
import { startOwnChain, type OwnChain } from './ownChain.js'
import { pricesFromChain } from './pricesFromChain.js'
import { refresherApp, type RefresherApp } from './refresherApp.js'
import { blockAt, pending, stakeOf } from './stakerReads.js'
import { apyFromChain } from './vaultApy.js'

/**
 * What a newcomer's first `npm start` shows, on a chain of its own laid exactly as the devnet lays
 * its chains (the month of past, the last day at the live cadence): figures that agree with each
 * other and with what the chain really paid, each checked against the test's own chain reads.
 */
const CHAIN = 31_456
const DAY = 86_400
const YEAR = 365 * DAY

describe("the devnet's figures make sense together", () => {
  let own: OwnChain
  let sql: SqlClient
  let service: RefresherApp
  let head: { number: bigint; timestamp: number }
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56, anvilArgs: ['--timestamp', String(genesisTimestamp())] })
    await layPast(own.manifest)
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    service = await refresherApp({
      chains: [own.chainConfig],
      registry: own.registry,
      store: new SnapshotStore(sql),
      index: new IndexStore(sql),
      env: { HISTORY_BACKFILL_DAYS: '30' },
    })
    const latest = await own.client.getBlock()
    head = { number: latest.number, timestamp: Number(latest.timestamp) }
    expect(await service.index!.reach(CHAIN, head.number, 60_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    // The APY windows' bases are looked for beside the first snapshot: the next one carries them.
    await service.refresher.settled()
    await service.refresher.refresh(CHAIN)
  }, 180_000)
  afterAll(async () => {
    await service?.close()
    await sql?.close()
    await own?.stop()
  })

  it('serves the realized APYs the background lookups found without waiting for a new block (one every 2 minutes)', async () => {
    const fresh = await refresherApp({ chains: [own.chainConfig], registry: own.registry, env: { SNAPSHOT_REFRESH_MS: '500' } })
    try {
      fresh.refresher.start()
      const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'beefy')!.address
      let apy: number | null = null
      for (let tries = 0; tries < 60 && apy === null; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500))
        const { status, body } = await get(fresh.app, `/vaults?chain=${CHAIN}`)
        if (status === 200) apy = body.find((entry: { address: string }) => entry.address === vault).apy['7d']
      }
      expect(apy).toBeGreaterThan(0)
      // Taken again at the same block: the chain did not move.
      expect(await own.client.getBlockNumber({ cacheTime: 0 })).toBe(head.number)
      expect(fresh.cache.latest(CHAIN)!.state.blockNumber).toBe(head.number)
    } finally {
      await fresh.close()
    }
  })

  it('measures the block time the chain keeps, with no override', async () => {
    const { body } = await get(service.app, '/status')
    expect(body.chains[0].blockTime).toEqual({ seconds: DEVNET_BLOCK_SECONDS, source: 'measured' })
    // The test's own measure: the last 256 blocks, from their headers.
    const earlier = await own.client.getBlock({ blockNumber: head.number - 256n })
    expect(Math.abs((head.timestamp - Number(earlier.timestamp)) / 256 - DEVNET_BLOCK_SECONDS)).toBeLessThanOrEqual(DEVNET_BLOCK_SECONDS * 0.01)
  })

  it("gives every vault a TVL of $40k to $1.1M, the want it holds at the chain's prices", async () => {
    const { body, headers } = await get(service.app, `/vaults?chain=${CHAIN}`)
    expect(BigInt(String(headers['x-block-number']))).toBe(head.number)
    const prices = pricesFromChain(CHAIN, buildRegistry(own.registry, 'test').chains.get(CHAIN)!, head.number, own.client)
    for (const vault of own.manifest.vaults) {
      const entry = body.find((candidate: { address: string }) => candidate.address === vault.address)
      // The want the vault accounts for (in its contract and its strategy), from its own view.
      const at = { address: vault.address, blockNumber: head.number }
      const held =
        vault.kind === 'beefy'
          ? await own.client.readContract({ ...at, abi: beefyVaultAbi, functionName: 'balance' })
          : await own.client.readContract({ ...at, abi: erc4626Abi, functionName: 'totalAssets' })
      const tvl = await prices.value(vault.want, held)
      expect(tvl, vault.address).toBeGreaterThanOrEqual(40_000)
      expect(tvl, vault.address).toBeLessThanOrEqual(1_100_000)
      expect(Math.abs(entry.tvl - tvl), `${vault.address}: served ${entry.tvl}, chain ${tvl}`).toBeLessThanOrEqual(tvl * 1e-9)
    }
  })

  it('gives every vault over a strategy realized 7- and 30-day APYs of 6 % to 35 %, the growth of its price per share on the chain, and a forward APY within a factor of 2 of them', async () => {
    const { body, headers } = await get(service.app, `/vaults?chain=${CHAIN}`)
    expect(BigInt(String(headers['x-block-number']))).toBe(head.number)
    const withStrategy = own.manifest.vaults.filter((vault) => vault.strategy)
    expect(withStrategy.length).toBeGreaterThanOrEqual(4)
    for (const vault of withStrategy) {
      const entry = body.find((candidate: { address: string }) => candidate.address === vault.address)
      const forward = entry.apyBreakdown?.totalApy
      expect(forward, `${vault.address}: ${entry.notes?.join('; ')}`).toBeGreaterThan(0.01)
      expect(forward).toBeLessThan(1)
      for (const [window, seconds] of [
        ['7d', 7 * DAY],
        ['30d', 30 * DAY],
      ] as const) {
        const from = entry.apyFrom[window]
        const why = `${vault.address} ${window}: ${entry.notes?.join('; ')}`
        expect(from, why).not.toBeNull()
        // The base the answer names: a block of the chain about a window before the answer's.
        const base = await own.client.getBlock({ blockNumber: BigInt(from.blockNumber) })
        expect(from.timestamp, why).toBe(Number(base.timestamp))
        expect(Math.abs(head.timestamp - seconds - from.timestamp), why).toBeLessThanOrEqual(seconds * 0.05)
        const realized = await apyFromChain(own.client, vault.address, base.number, head.number, vault.kind)
        expect(realized, why).toBeGreaterThanOrEqual(0.06)
        expect(realized, why).toBeLessThanOrEqual(0.35)
        // The served APY is rounded to 8 decimals.
        expect(Math.abs(entry.apy[window] - realized), `${why}: served ${entry.apy[window]}, chain ${realized}`).toBeLessThanOrEqual(5e-9 + realized * 1e-9)
        expect(forward / realized, `${vault.address}: forward ${forward}, ${window} ${realized}`).toBeLessThanOrEqual(2)
        expect(realized / forward, `${vault.address}: forward ${forward}, ${window} ${realized}`).toBeLessThanOrEqual(2)
      }
    }
  })

  it('gives every running staking pool an APR of 1.5 % to 105 %, within a factor of 2 of what it paid a staker per dollar over the last day, itself in that range', async () => {
    const { body } = await get(service.app, `/v2/pools?chain=${CHAIN}`)
    const registry = buildRegistry(own.registry, 'test').chains.get(CHAIN)!
    const prices = pricesFromChain(CHAIN, registry, head.number, own.client)
    const dayAgo = await blockAt(own.client, head.timestamp - DAY)
    const staker = own.manifest.accounts[0]!.address
    const pools = [
      ...own.manifest.rewardPools.map((pool) => ({ ...pool, kind: 'reference' })),
      ...own.manifest.rewardPoolFamilies.pools.map((pool) => ({ ...pool, kind: pool.kind as string })),
    ]
    let checked = 0
    for (const pool of pools) {
      const entry = body.find((candidate: { address: string }) => candidate.address === pool.address)
      for (const pid of pool.pids) {
        const staking = entry.chaindata.stakingPools.find((candidate: { pid: number }) => candidate.pid === pid)
        if (staking.aprNote === 'ended') continue
        expect(staking.apr, `${pool.kind} ${pool.address} ${pid}`).toBeGreaterThanOrEqual(1.5)
        expect(staking.apr, `${pool.kind} ${pool.address} ${pid}`).toBeLessThanOrEqual(105)
        // What the deployer's stake earned over the last day (it never claims or moves it), priced now.
        const [now, then] = await Promise.all([pending(own.client, pool, pid, staker, head.number), pending(own.client, pool, pid, staker, dayAgo.number)])
        let earnedUsd = 0
        for (const [index, token] of pool.rewardTokens.entries()) earnedUsd += await prices.value(token, now[index]! - then[index]!)
        const stakedUsd = await prices.value(pool.stakingTokens[pid]!, await stakeOf(own.client, pool, pid, staker, head.number))
        const paid = ((earnedUsd / stakedUsd) * YEAR) / (head.timestamp - dayAgo.timestamp)
        const apr = staking.apr / 100
        expect(paid * 100, `${pool.kind} ${pool.address} ${pid}: paid`).toBeGreaterThanOrEqual(1.5)
        expect(paid * 100, `${pool.kind} ${pool.address} ${pid}: paid`).toBeLessThanOrEqual(105)
        expect(apr / paid, `${pool.kind} ${pool.address} ${pid}: apr ${apr}, paid ${paid}`).toBeLessThanOrEqual(2)
        expect(paid / apr, `${pool.kind} ${pool.address} ${pid}: apr ${apr}, paid ${paid}`).toBeLessThanOrEqual(2)
        checked++
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8)
  })

  it('marks a vault that earns nothing because nothing is invested idle, and no other', async () => {
    const { status, body, headers } = await get(service.app, `/vaults?chain=${CHAIN}`)
    expect(status).toBe(200)
    const at = { blockNumber: BigInt(String(headers['x-block-number'])) }
    const entries = body as {
      address: Address
      want: Address
      strategy: Address | null
      idle: boolean
      apy: Record<string, number | null>
      apyBreakdown: unknown
      notes?: string[]
    }[]
    const idle = entries.filter((entry) => entry.idle)
    expect(idle.length).toBeGreaterThanOrEqual(1)
    for (const entry of idle) {
      // The chain's own reads: no strategy, and the want it reports as its total all sits in its own contract.
      expect(entry.strategy).toBeNull()
      const held = await own.client.readContract({ ...at, address: entry.want, abi: erc20Abi, functionName: 'balanceOf', args: [entry.address] })
      const total = await own.client.readContract({ ...at, address: entry.address, abi: erc4626Abi, functionName: 'totalAssets' })
      expect(held).toBe(total)
      expect(total).toBeGreaterThan(0n)
      expect(entry.apy['7d']).toBe(0)
      expect(entry.apyBreakdown).toBeNull()
      expect(entry.notes?.find((note) => note.startsWith('apyBreakdown: idle:'))).toContain(`holds all of its ${total} want wei in its own contract`)
    }
    // Every vault with a strategy invests through it.
    expect(entries.filter((entry) => entry.strategy !== null).every((entry) => !entry.idle)).toBe(true)
  })

  it('has a month-old position that earned more than its withdrawal fee would take', async () => {
    const user = own.manifest.accounts[2]!.address
    const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'beefy')!
    const { body } = await get(service.app, `/users/${user}/positions?chain=${CHAIN}`)
    const position = body.positions.find((candidate: { address: string }) => candidate.address === vault.address)
    const at = { blockNumber: head.number }
    // The test's own value of the position: shares × price per share at the answer's block.
    const shares = await own.client.readContract({ ...at, address: vault.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
    const pricePerShare = await own.client.readContract({ ...at, address: vault.address, abi: beefyVaultAbi, functionName: 'getPricePerFullShare' })
    expect(BigInt(position.amount)).toBe((shares * pricePerShare) / 10n ** 18n)
    const fee = await own.client.readContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'withdrawalFee' })
    expect(BigInt(position.earned)).toBeGreaterThan((BigInt(position.amount) * fee) / 10_000n)
  })

  it("staggers the harvests: one pays its caller at the chain's own gas price, another was harvested in the last hour, the oldest most of a day ago", async () => {
    const { body: harvestable } = await get(service.app, `/harvestable?chain=${CHAIN}`)
    type Entry = { profitable: boolean; callReward: string | null; netProfitUsd: number | null; reasons: { kind: string; detail: string }[] }
    // One a keeper should harvest now (it pays, and is due), one not yet due.
    expect(harvestable.some((entry: Entry) => entry.profitable && entry.reasons.length === 0)).toBe(true)
    expect(harvestable.some((entry: Entry) => entry.reasons.some((reason) => reason.kind === 'recently-harvested'))).toBe(true)
    // Every weighed harvest that would not pay says by how much.
    for (const entry of harvestable as Entry[])
      if (!entry.profitable && entry.netProfitUsd !== null && BigInt(entry.callReward!) > 0n) {
        const short = entry.reasons.find((reason) => reason.kind === 'unprofitable')?.detail.match(/\$([0-9.e+-]+) short$/)
        expect(short, JSON.stringify(entry.reasons)).toBeTruthy()
        expect(Math.abs(Number(short![1]) + entry.netProfitUsd)).toBeLessThanOrEqual(Math.max(0.005, -entry.netProfitUsd * 0.001))
      }
    // Each strategy's last harvest from the chain's own events: its newest Harvested log (StratHarvest
    // for the stand-ins of Beefy's earlier strategies) up to the answer's block.
    const { body: vaults } = await get(service.app, `/vaults?chain=${CHAIN}`)
    const ages: number[] = []
    for (const vault of own.manifest.vaults.filter((candidate) => candidate.strategy)) {
      const logs = await own.client.getLogs({ address: vault.strategy!, events: HARVEST_EVENTS, fromBlock: 0n, toBlock: head.number })
      const harvested = Number((await own.client.getBlock({ blockNumber: logs.at(-1)!.blockNumber })).timestamp)
      // The strategy's own record of it agrees, and so does the answer.
      expect(await own.client.readContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'lastHarvest', blockNumber: head.number })).toBe(
        BigInt(harvested),
      )
      expect(vaults.find((entry: { address: string }) => entry.address === vault.address).lastHarvest, vault.address).toBe(harvested)
      ages.push(head.timestamp - harvested)
    }
    expect(Math.min(...ages)).toBeLessThan(3_600)
    expect(Math.max(...ages)).toBeGreaterThan(20 * 3_600)
    expect(new Set(ages.map((age: number) => Math.floor(age / 3_600))).size).toBe(ages.length)
  })
})
