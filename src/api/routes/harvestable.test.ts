import { type Address, numberToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { confirm, devnet, devnetChain, mine, publicClientFor, walletClientFor } from '../../../test/devnet.js'
import { coldRefresher } from '../../../test/refresherApp.js'
import { createChainClients, rpcOptionsOf, stopChainClients } from '../../chain/index.js'
import { loadConfig } from '../../config/index.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry } from '../../registry/index.js'
import type { HarvestableEntry } from '../../schema/index.js'
import type { App } from '../deps.js'

/** The chain least used by the other test files: its base fee is raised here for a few blocks. */
const CHAIN = 43114
const client = () => publicClientFor(CHAIN)
const strategies = () => devnetChain(CHAIN).vaults.filter((vault) => vault.strategy)

let app: App
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

async function harvestable() {
  const answer = await get(app, `/harvestable?chain=${CHAIN}`)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { entries: answer.body as HarvestableEntry[], blockNumber: BigInt(answer.headers['x-block-number'] as string) }
}

/**
 * The gas price the answer should give, from the node's own answers at the fee block: the next
 * base fee plus the median 50th-percentile tip of the blocks that held transactions, else the
 * node's eth_maxPriorityFeePerGas; and the suggestion's maxFeePerGas, twice the base fee plus it.
 */
async function gasPriceFromChain(fees: NonNullable<HarvestableEntry['fees']>): Promise<string> {
  const history = await client().getFeeHistory({ blockCount: 10, blockNumber: BigInt(fees.blockNumber), rewardPercentiles: [50] })
  const tips = history.reward!.filter((_, index) => history.gasUsedRatio[index]! > 0).map((rewards) => rewards[0]!)
  tips.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  const tip = tips.length > 0 ? tips[Math.floor(tips.length / 2)]! : BigInt(await client().request({ method: 'eth_maxPriorityFeePerGas' }))
  const nextBase = history.baseFeePerGas.at(-1)!
  expect(fees).toEqual({ maxFeePerGas: String(2n * nextBase + tip), maxPriorityFeePerGas: String(tip), blockNumber: fees.blockNumber })
  return String(nextBase + tip)
}

describe('GET /harvestable', () => {
  it("lists every strategy, most profitable first, its call reward the strategy's own at the answer's block and its profit the documented sum", async () => {
    await mine(CHAIN, 5)
    const { entries, blockNumber } = await harvestable()
    expect(entries.map((entry) => entry.strategy).sort()).toEqual(
      strategies()
        .map((vault) => vault.strategy!)
        .sort(),
    )
    const profits = entries.map((entry) => entry.netProfitUsd ?? -Infinity)
    expect(profits).toEqual([...profits].sort((a, b) => b - a))
    for (const entry of entries) {
      const callReward = await client().readContract({ address: entry.strategy as Address, abi: strategyFarmAbi, functionName: 'callReward', blockNumber })
      expect(entry.callReward).toBe(callReward.toString())
      expect(entry.vault).toBe(strategies().find((vault) => vault.strategy === entry.strategy)!.address)
      expect(entry.harvestGas).toBeGreaterThan(21_000)
      expect(entry.gasPrice).toBe(await gasPriceFromChain(entry.fees!))
      // USD per wrapped native, as the answer values the call reward; the cost at that price.
      const nativeUsd = entry.callRewardUsd! / (Number(callReward) / 1e18)
      const costUsd = ((entry.harvestGas! * Number(entry.gasPrice)) / 1e18) * nativeUsd
      expect(entry.netProfitUsd).toBeCloseTo(entry.callRewardUsd! - costUsd, 9)
      expect(entry.profitable).toBe(entry.netProfitUsd! > 0)
    }
  })

  it("on an idle chain the tip is the node's own suggestion, not the 0 of empty blocks", async () => {
    // Ten empty blocks: the whole fee history the suggestion reads.
    await mine(CHAIN, 12)
    const { entries } = await harvestable()
    const nodeTip = BigInt(await client().request({ method: 'eth_maxPriorityFeePerGas' }))
    expect(nodeTip).toBeGreaterThan(0n)
    for (const entry of entries) {
      expect(entry.fees!.maxPriorityFeePerGas).toBe(String(nodeTip))
      expect(entry.gasPrice).toBe(await gasPriceFromChain(entry.fees!))
      expect(BigInt(entry.gasPrice!)).toBeGreaterThanOrEqual(nodeTip)
    }
  })

  it('a strategy whose harvest costs more than it pays becomes profitable after enough blocks', async () => {
    const { entries } = await harvestable()
    const first = entries[0]!
    // A base fee that makes the harvest cost ten times what it pays now: unprofitable.
    const baseFee = (BigInt(first.callReward!) * 10n) / BigInt(first.harvestGas!) + 1n
    await client().request({ method: 'anvil_setNextBlockBaseFeePerGas', params: [numberToHex(baseFee)] } as never)
    await mine(CHAIN, 1)
    const expensive = (await harvestable()).entries.find((entry) => entry.strategy === first.strategy)!
    expect(BigInt(expensive.gasPrice!)).toBeGreaterThan(baseFee / 2n)
    expect(expensive.profitable).toBe(false)
    expect(expensive.netProfitUsd).toBeLessThan(0)
    // Nearly empty blocks lower the base fee by about 12.5 % each while the call reward grows. One
    // transfer in ten blocks tips 1 wei: the tip the fee history then shows (all-empty blocks
    // would bring the node's own tip, a floor this harvest's reward never pays for).
    const account = privateKeyToAccount(generatePrivateKey())
    await client().request({ method: 'anvil_setBalance', params: [account.address, numberToHex(10n ** 24n)] } as never)
    const wallet = walletClientFor(CHAIN, account)
    let blocks = 0
    let later = expensive
    while (!later.profitable && blocks < 200) {
      await confirm(CHAIN, wallet.sendTransaction({ to: account.address, value: 0n, maxPriorityFeePerGas: 1n, maxFeePerGas: 10n * baseFee }))
      // Two seconds apart: the farms pay by the second, so a call reward grows with chain time, not with blocks.
      await client().request({ method: 'anvil_mine', params: [numberToHex(9), numberToHex(2)] } as never)
      blocks += 10
      later = (await harvestable()).entries.find((entry) => entry.strategy === first.strategy)!
    }
    expect(later.profitable).toBe(true)
    expect(BigInt(later.callReward!)).toBeGreaterThan(BigInt(expensive.callReward!))
    expect(BigInt(later.gasPrice!)).toBeLessThan(BigInt(expensive.gasPrice!))
  })

  it("a refresher keeps the harvest costs in the snapshot and reads them again every 10 blocks, between blocks, not on a snapshot's path", async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent' })
    const chains = createChainClients(
      devnetChains(devnet()).filter((chain) => chain.chainId === CHAIN),
      rpcOptionsOf(config),
    )
    const registry = buildRegistry(devnetRegistry(devnet()))
    const refresher = coldRefresher({ chains, registry: { ...registry, chains: new Map([[CHAIN, registry.chains.get(CHAIN)!]]) } })
    try {
      const head = () => client().getBlockNumber({ cacheTime: 0 })
      const first = (await refresher.refresh(CHAIN, await head()))!
      expect(first.harvest?.gas.size).toBe(strategies().length)
      await mine(CHAIN, 1)
      const next = (await refresher.refresh(CHAIN, await head()))!
      expect(next.harvest).toBe(first.harvest)
      await mine(CHAIN, 10)
      // The snapshot that finds them due is served with them as they are; they are read again once it is out.
      const due = (await refresher.refresh(CHAIN, await head()))!
      expect(due.harvest).toBe(first.harvest)
      expect(due.state.strategies?.get(strategies()[0]!.strategy!)?.callReward).toBeTypeOf('bigint')
      await refresher.settled()
      await mine(CHAIN, 1)
      const after = (await refresher.refresh(CHAIN, await head()))!
      expect(after.harvest!.blockNumber).toBeGreaterThanOrEqual(due.state.blockNumber)
      expect(after.harvest!.gas.size).toBe(strategies().length)
    } finally {
      await refresher.stop()
      stopChainClients(chains)
    }
  })
})
