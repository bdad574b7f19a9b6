import { type Address, createWalletClient, erc20Abi, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, demoTokenAbi, rewardFarmAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { pricesFromChain } from '../../test/pricesFromChain.js'
import { refresherApp, type RefresherApp } from '../../test/refresherApp.js'
import { apyFromChain, DAY, type Entry, get } from '../../test/vaultApy.js'
import { loadConfig } from '../config/index.js'
import { buildRegistry } from '../registry/index.js'
import { IndexStore, migrate, openSqlClient, SnapshotStore, type SqlClient } from '../store/index.js'

/**
 * The ceiling on every APY a vault serves, made implausible on the chain: a month of past, then
 * the vault emptied down to a hundredth (its farm pays its whole rate on what is left) and given
 * as much want again as it holds (its price per share doubles in one block). Whether each served
 * rate is over MAX_PLAUSIBLE_APY is the test's own reckoning from chain reads: the price per share
 * at both blocks of each window, and the farm's emission over its stake at the answer's block.
 */
const CHAIN = 31_491
const YEAR = 365 * DAY

type Flag = { field: string; kind: string; detail: string }
type Served = Entry & { apyBreakdown: { totalApy: number | null } | null; flags?: Flag[] }

describe('the ceiling on every APY window', () => {
  let own: OwnChain
  let sql: SqlClient
  let service: RefresherApp
  const vault = () =>
    own.manifest.vaults.find((candidate) => candidate.kind === 'beefy' && !own.manifest.pairs.some((pair) => pair.address === candidate.want))!

  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, specOf: 56 })
    const account = privateKeyToAccount(own.manifest.accounts[0]!.privateKey as Hex)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (hash: Promise<Hex>) => confirmOn(own.client, hash)
    const { address, want } = vault()
    // 34 days of hourly blocks (so that no block within the 30-day window's tolerance is older than the vault), then blocks a second apart again, the feeds posted anew.
    await own.setBlockInterval(3_600)
    await own.mine(34 * 24)
    await own.setBlockInterval(1)
    const shares = await own.client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    await send(wallet.writeContract({ address, abi: beefyVaultAbi, functionName: 'withdraw', args: [(shares * 99n) / 100n], gas: TX_GAS }))
    const held = await own.client.readContract({ address, abi: beefyVaultAbi, functionName: 'balance' })
    await send(wallet.writeContract({ address: want, abi: demoTokenAbi, functionName: 'mint', args: [address, held] }))
    await own.refreshFeeds()
    sql = await openSqlClient({ dataDir: 'memory://' })
    await migrate(sql)
    service = await refresherApp({ chains: [own.chainConfig], registry: own.registry, store: new SnapshotStore(sql), index: new IndexStore(sql) })
  }, 60_000)
  afterAll(async () => {
    await service?.close()
    await sql?.close()
    await own?.stop()
  })

  it('a vault whose price per share doubled in a block and whose farm pays its rate on a hundredth of its stake: every APY it serves is flagged over the ceiling, each by its field', async () => {
    const { address, want, strategy } = vault()
    const served = async () => {
      const { body, blockNumber } = await get(service, `/vaults?chain=${CHAIN}`)
      return { entry: (body as Served[]).find((candidate) => candidate.address === address)!, blockNumber }
    }
    // The bases a window back are read beside a snapshot, the inception's once the index holds the first deposit: the next snapshots carry them.
    let answer = await served()
    for (let tries = 0; tries < 40 && !(answer.entry.apyFrom.inception && answer.entry.apyFrom['30d']); tries++) {
      await service.refresher.settled()
      await new Promise((resolve) => setTimeout(resolve, 250))
      await service.refresher.refresh(CHAIN)
      answer = await served()
    }
    const { entry, blockNumber } = answer
    const max = loadConfig({}).figures.maxPlausibleApy
    const windows = Object.keys(entry.apy).filter((window) => entry.apy[window] !== null)
    expect(windows.sort(), entry.notes?.join('; ')).toEqual(['1d', '30d', '7d', 'inception'])

    // The test's own rates: the growth of the price per share between each window's blocks, compounded over a year.
    const expected: string[] = []
    for (const window of windows) {
      const rate = await apyFromChain(own.client, address, BigInt(entry.apyFrom[window]!.blockNumber), blockNumber)
      expect(rate, window).toBeGreaterThan(max)
      expected.push(`apy.${window}`)
    }
    // The forward rate is at least the farm's emission in USD over its stake's, less the performance fee (compounding only adds).
    const at = { blockNumber } as const
    const farm = await own.client.readContract({ ...at, address: strategy!, abi: strategyFarmAbi, functionName: 'farm' })
    const read = (functionName: 'rewardPerSecond' | 'totalStaked' | 'rewardToken') =>
      own.client.readContract({ ...at, address: farm, abi: rewardFarmAbi, functionName }) as Promise<bigint | Address>
    const [rewardPerSecond, totalStaked, rewardToken] = await Promise.all([read('rewardPerSecond'), read('totalStaked'), read('rewardToken')])
    const fee = Number(await own.client.readContract({ ...at, address: strategy!, abi: strategyFarmAbi, functionName: 'HARVEST_FEE_BPS' })) / 1e4
    const { value } = pricesFromChain(CHAIN, buildRegistry(own.registry, 'own registry').chains.get(CHAIN)!, blockNumber, own.client)
    const vaultApr = (((await value(rewardToken as Address, rewardPerSecond as bigint)) * YEAR) / (await value(want, totalStaked as bigint))) * (1 - fee)
    expect(vaultApr).toBeGreaterThan(max)
    expect(entry.apyBreakdown?.totalApy, entry.notes?.join('; ')).not.toBeNull()
    expected.push('apyBreakdown.totalApy')

    const ceilings = (entry.flags ?? []).filter((flag) => flag.kind === 'ceiling')
    expect(ceilings.map((flag) => flag.field).sort()).toEqual(expected.sort())
    for (const flag of ceilings) expect(flag.detail).toContain(`this service takes as plausible (MAX_PLAUSIBLE_APY = ${max})`)
    const health = (await get(service, '/status')).body.chains[0].dataHealth
    expect(health.entries).toContainEqual(expect.objectContaining({ kind: 'vault', address, flags: entry.flags }))
    expect(health.counts.ceiling).toBeGreaterThanOrEqual(expected.length)
  })
})
