import { parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain, mine, publicClientFor, withoutMasterChefs } from '../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../test/nodeProxy.js'
import { coldRefresher } from '../../test/refresherApp.js'
import { deployExtra, registryWith, type ExtraContracts } from '../../test/scaledRegistry.js'
import { createChainClients, rpcOptionsOf, stopChainClients } from '../chain/index.js'
import { loadConfig } from '../config/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry, type RegistryFile } from '../registry/index.js'

const CHAIN = 56
const EXTRA = 20
/** Added to each request, so requests sent side by side all reach the proxy before any is answered, ms. */
const LATENCY_MS = 100
const OVERRIDDEN_BLOCK_SECONDS = 3

describe('a cold snapshot as the registry grows', () => {
  let proxy: NodeProxy
  let extra: ExtraContracts
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
    // A deployer of its own: no other test file shares its nonces.
    const privateKey = generatePrivateKey()
    await publicClientFor(CHAIN).request({ method: 'anvil_setBalance', params: [privateKeyToAccount(privateKey).address, toHex(parseEther('1000'))] } as never)
    extra = await deployExtra(devnet(), EXTRA, privateKey)
  }, 60_000)
  afterAll(() => proxy?.close())

  /** Round trips of latency (requests sent side by side count once) of a cold snapshot, then of a new block's. */
  async function roundTrips(file: RegistryFile, options: { measureBlockTime?: boolean } = {}) {
    const config = loadConfig({ LOG_LEVEL: 'silent' })
    const chainConfig = devnetChains(devnet()).find((chain) => chain.chainId === CHAIN)!
    // Other test files mine this chain too, so its measured spacing moves between runs, and with it a
    // per-block pool's APR: runs that compare figures say the block time instead of measuring it.
    const blockTime = options.measureBlockTime ? {} : { blockTimeSeconds: OVERRIDDEN_BLOCK_SECONDS }
    const chains = createChainClients([{ ...chainConfig, ...blockTime, rpcUrls: [proxy.url] }], rpcOptionsOf(config))
    const registry = buildRegistry({ ...file, chains: { [String(CHAIN)]: file.chains[String(CHAIN)]! } })
    const refresher = coldRefresher({ chains, registry, snapshot: config.snapshot })
    proxy.set({ latencyMs: LATENCY_MS })
    try {
      // At the head the refresher's tick reads first, as in production: the next block then follows its changes.
      const coldHead = await chains.get(CHAIN)!.client.getBlockNumber({ cacheTime: 0 })
      proxy.reset()
      const cold = await refresher.refresh(CHAIN, coldHead)
      const coldTrips = proxy.sequentialRoundTrips()
      const coldCalls = proxy.methods()
      // What the cold snapshot asked for beside it (a vault's price per share a month back) is done first.
      await refresher.settled()
      await mine(CHAIN, 1)
      const head = await chains.get(CHAIN)!.client.getBlockNumber({ cacheTime: 0 })
      proxy.reset()
      const next = await refresher.refresh(CHAIN, head)
      return { cold: coldTrips, newBlock: proxy.sequentialRoundTrips(), snapshot: cold!, next: next!, coldCalls }
    } finally {
      proxy.set()
      await refresher.stop()
      stopChainClients(chains)
    }
  }

  it(`the devnet's registry and ${EXTRA} more vaults and reward pools: the same round trips, at most 3 (two for a new block: its logs, then what they name), a MasterChef's included`, async () => {
    const small = await roundTrips(devnetRegistry(devnet()))
    const large = await roundTrips(registryWith(devnet(), extra))
    const plain = await roundTrips(withoutMasterChefs(registryWith(devnet(), extra)))
    expect(large.snapshot.state.rewardPools.size).toBe(small.snapshot.state.rewardPools.size + EXTRA)
    // The devnet's ended pool is in each: its completedAPR is read at the block before its end, after the state.
    expect(plain.cold).toBeLessThanOrEqual(3)
    // A MasterChef's stake is the balance of the token its poolInfo names, whose pids poolLength
    // names: a wave after the state's, where the ended pool's past is read beside it.
    expect(small.cold).toBe(plain.cold)
    expect(large.cold).toBe(small.cold)
    expect(small.snapshot.completedApr).toEqual(plain.snapshot.completedApr)
    expect(Object.keys(small.snapshot.completedApr).length).toBeGreaterThan(0)
    expect([small.newBlock, large.newBlock, plain.newBlock]).toEqual([2, 2, 2])

    // What the extra contracts are is in the snapshot, read in those round trips.
    const pool = large.snapshot.state.rewardPools.get(extra.pools[EXTRA - 1]!)!
    expect(pool.stakingPools.map((staking) => staking.stakingToken)).toEqual([extra.asset])
    expect(large.snapshot.state.tokens.get(extra.asset)?.decimals).toBeTypeOf('number')
    expect(large.snapshot.state.vaultWant.get(extra.vaults[EXTRA - 1]!)).toBe(0n)
    expect(large.next.state.blockNumber).toBeGreaterThan(large.snapshot.state.blockNumber)
  })

  it('with the block time measured (no override), the headers it reads go beside the state: the same round trips', async () => {
    const overridden = await roundTrips(devnetRegistry(devnet()))
    const measured = await roundTrips(devnetRegistry(devnet()), { measureBlockTime: true })
    expect(measured.coldCalls.eth_getBlockByNumber).toBeGreaterThan(0)
    expect(measured.cold).toBe(overridden.cold)
  })
})
