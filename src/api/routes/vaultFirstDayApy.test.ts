import { createWalletClient, erc20Abi, type Hex, http, maxUint256, parseEventLogs, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { confirmOn, TX_GAS } from '../../../test/devnet.js'
import { startOwnChain, type OwnChain } from '../../../test/ownChain.js'
import { capturedLog } from '../../../test/capturedLog.js'
import { refresherApp, type RefresherApp } from '../../../test/refresherApp.js'
import { apyFromChain, DAY, type Entry, get, WINDOWS } from '../../../test/vaultApy.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../../store/index.js'

/** GET /vaults on chains of the test's own with a month of past: the APYs of the first snapshot, read from the node or the event index. */

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
    const kept = await store.vaultPointsBetween(own.chainConfig.chainId, [vault], day.timestamp, day.timestamp)
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

  it('on a node without old state and a fresh store, gives every window from the index within a minute of the first snapshot: the rate of the deposit between the harvests around its start', async () => {
    // Each day: a harvest at its start, a deposit at its middle: no deposit lies within 5 % of a window's start.
    const own = await startOwnChain({ chainId: 31_474, specOf: 56, anvilArgs: ['--prune-history'] })
    owns.push(own)
    const vault = own.manifest.vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const account = privateKeyToAccount(own.manifest.accounts[8]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    await send({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
    const spacing = 1_800
    await own.setBlockInterval(spacing)
    const half = DAY / spacing / 2
    const harvests: bigint[] = []
    const deposits: { block: bigint; rate: bigint }[] = []
    for (let day = 0; day <= 31; day++) {
      harvests.push((await send({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'harvest' })).blockNumber)
      await own.mine(half - 1)
      const amount = 10n ** 15n
      const receipt = await send({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount] })
      // The shares the deposit minted, from its own receipt: the test's oracle of the price per share then.
      const [minted] = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs }).filter(
        (log) => log.address.toLowerCase() === vault.address.toLowerCase() && log.args.from === zeroAddress,
      )
      deposits.push({ block: receipt.blockNumber, rate: (amount * 10n ** 18n) / minted!.args.value })
      await own.mine(half - 1)
    }
    const chainId = own.chainConfig.chainId
    const { service } = await serviceOver(own, true)
    service.refresher.start()
    const started = Date.now()
    let entry: Entry | undefined
    let blockNumber = 0n
    for (const deadline = started + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      const answer = await service.app.inject({ method: 'GET', url: `/vaults?chain=${chainId}` })
      if (answer.statusCode !== 200) continue
      entry = (answer.json() as Entry[]).find((candidate) => candidate.address === vault.address)
      blockNumber = BigInt(String(answer.headers['x-block-number']))
      if (Object.keys(WINDOWS).every((window) => entry?.apyFrom[window]?.source === 'index')) break
    }
    for (const window of Object.keys(WINDOWS)) expect(entry?.apyFrom[window], `${window}: ${entry?.notes?.join('; ')}`).toMatchObject({ source: 'index' })
    const head = await own.client.getBlock({ blockNumber })
    const [held, supply] = await Promise.all([
      own.client.readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber }),
      own.client.readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'totalSupply', blockNumber }),
    ])
    for (const [window, seconds] of Object.entries(WINDOWS)) {
      const from = entry!.apyFrom[window]!
      const base = BigInt(from.blockNumber)
      // The block of the window's start, in chain time, as the node's headers give it.
      expect(from.timestamp).toBe(Number((await own.client.getBlock({ blockNumber: base })).timestamp))
      expect(Math.abs(Number(head.timestamp) - seconds - from.timestamp), window).toBeLessThanOrEqual(seconds * 0.05)
      // Its price per share: the rate of the deposit between the harvest at or before it and the next.
      const after = harvests.filter((block) => block <= base).at(-1)!
      const before = harvests.find((block) => block > base) ?? 2n ** 64n
      const inside = deposits.filter((deposit) => deposit.block > after && deposit.block < before)
      expect(inside, window).toHaveLength(1)
      const growth = Number((held * 10n ** 18n) / supply) / Number(inside[0]!.rate)
      const expected = growth ** ((365 * DAY) / (Number(head.timestamp) - from.timestamp)) - 1
      expect(expected, window).toBeGreaterThan(0)
      expect(Math.abs(entry!.apy[window]! - expected), window).toBeLessThanOrEqual(0.000000005 + expected * 1e-9)
    }
  }, 240_000)
})
