import { numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { devnet, devnetChain, mine, publicClientFor } from '../../../test/devnet.js'
import { coldRefresher } from '../../../test/refresherApp.js'
import { createChainClients, rpcOptionsOf, stopChainClients } from '../../chain/index.js'
import { loadConfig } from '../../config/index.js'
import { devnetChains, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry } from '../../registry/index.js'
import type { HarvestableEntry } from '../../yield/index.js'
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
      const callReward = await client().readContract({ address: entry.strategy, abi: strategyFarmAbi, functionName: 'callReward', blockNumber })
      expect(entry.callReward).toBe(callReward.toString())
      expect(entry.vault).toBe(strategies().find((vault) => vault.strategy === entry.strategy)!.address)
      expect(entry.harvestGas).toBeGreaterThan(21_000)
      expect(BigInt(entry.gasPrice!)).toBeGreaterThan(0n)
      // USD per wrapped native, as the answer values the call reward; the cost at that price.
      const nativeUsd = entry.callRewardUsd! / (Number(callReward) / 1e18)
      const costUsd = ((entry.harvestGas! * Number(entry.gasPrice)) / 1e18) * nativeUsd
      expect(entry.netProfitUsd).toBeCloseTo(entry.callRewardUsd! - costUsd, 9)
      expect(entry.profitable).toBe(entry.netProfitUsd! > 0)
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
    // Empty blocks lower the base fee by 12.5 % each while the call reward grows.
    let blocks = 0
    let later = expensive
    while (!later.profitable && blocks < 200) {
      await mine(CHAIN, 10)
      blocks += 10
      later = (await harvestable()).entries.find((entry) => entry.strategy === first.strategy)!
    }
    expect(later.profitable).toBe(true)
    expect(BigInt(later.callReward!)).toBeGreaterThan(BigInt(expensive.callReward!))
    expect(BigInt(later.gasPrice!)).toBeLessThan(BigInt(expensive.gasPrice!))
  })

  it('a refresher keeps the harvest costs in the snapshot and reads them again every 10 blocks, not every block', async () => {
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
      const due = (await refresher.refresh(CHAIN, await head()))!
      expect(due.harvest!.blockNumber).toBeGreaterThan(first.harvest!.blockNumber)
      expect(due.state.strategies?.get(strategies()[0]!.strategy!)?.callReward).toBeTypeOf('bigint')
    } finally {
      await refresher.stop()
      stopChainClients(chains)
    }
  })
})
