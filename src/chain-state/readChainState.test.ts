import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet, devnetChain, withoutMasterChefs } from '../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../test/nodeProxy.js'
import { createChainClients, FactCache, stopChainClients, type ChainClient } from '../chain/index.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry, type ChainRegistry, type RegistryFile } from '../registry/index.js'
import { readChainState } from './readChainState.js'
import { readStaticFacts, staticFactsOf } from './readStaticFacts.js'

const CHAIN = 56
/** Added to each request, so requests sent side by side all reach the proxy before any is answered, ms. */
const LATENCY_MS = 100

describe('the first state read of a chain learns its static facts with it', () => {
  let proxy: NodeProxy
  let chains: Map<number, ChainClient>
  const chain = () => chains.get(CHAIN)!
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
    const config = devnetChains(devnet()).find((candidate) => candidate.chainId === CHAIN)!
    chains = createChainClients([{ ...config, rpcUrls: [proxy.url] }], { timeoutMs: 5_000, retryCount: 0 })
  })
  afterAll(async () => {
    stopChainClients(chains)
    await proxy?.close()
  })

  const registryOf = (file: RegistryFile): ChainRegistry =>
    buildRegistry({ ...file, chains: { [String(CHAIN)]: file.chains[String(CHAIN)]! } }).chains.get(CHAIN)!

  /** A cold read's round trips and the facts it kept, beside the same facts read on their own. */
  async function coldRead(registry: ChainRegistry) {
    const facts = new FactCache()
    proxy.set({ latencyMs: LATENCY_MS })
    proxy.reset()
    const state = await readChainState(chain(), registry, facts).finally(() => proxy.set())
    const trips = proxy.sequentialRoundTrips()
    return { state, trips, learnt: await staticFactsOf(chain(), registry, facts), alone: await readStaticFacts(chain(), registry) }
  }

  it("with the devnet's registry but its MasterChef: two round trips (the registry names every token), the same facts as read on their own", async () => {
    const { state, trips, learnt, alone } = await coldRead(registryOf(withoutMasterChefs(devnetRegistry(devnet()))))
    expect(trips).toBe(2)
    expect(learnt.pools).toEqual(alone.pools)
    expect(learnt.tokens).toEqual(alone.tokens)
    expect(state.tokens).toBe(learnt.tokens)
    expect(learnt.blockNumber).toBe(state.blockNumber)
  })

  it("with the devnet's registry: a MasterChef adds one round trip (poolLength names the pids, poolInfo the staked token, whose balance in the chef is the pool's stake)", async () => {
    const { state, trips, learnt, alone } = await coldRead(registryOf(devnetRegistry(devnet())))
    expect(trips).toBe(3)
    expect(learnt.pools).toEqual(alone.pools)
    expect(learnt.tokens).toEqual(alone.tokens)
    expect(state.tokens).toBe(learnt.tokens)
    expect(learnt.blockNumber).toBe(state.blockNumber)
    for (const pool of [...devnetChain(CHAIN).rewardPools, ...devnetChain(CHAIN).rewardPoolFamilies.pools]) {
      expect(learnt.pools.get(pool.address)).toEqual({ rewardTokens: pool.rewardTokens, stakingTokens: pool.stakingTokens })
      expect(state.rewardPools.get(pool.address)!.stakingPools.map((staking) => staking.stakingToken)).toEqual(pool.stakingTokens)
    }
  })

  it("with a registry of reward pools alone: their reward and staking tokens are read in a third round trip, no more (the MasterChef's stake beside them)", async () => {
    const file = devnetRegistry(devnet())
    const pools = file.chains[String(CHAIN)]!.rewardPools
    const { state, trips, learnt, alone } = await coldRead(registryOf({ ...file, chains: { [String(CHAIN)]: { tokens: [], rewardPools: pools } } }))
    expect(trips).toBe(3)
    expect(learnt.tokens).toEqual(alone.tokens)
    expect(learnt.pools).toEqual(alone.pools)
    const served = [...devnetChain(CHAIN).rewardPools, ...devnetChain(CHAIN).rewardPoolFamilies.pools]
    const involved = new Set(served.flatMap((pool) => [...pool.rewardTokens, ...pool.stakingTokens]))
    expect(new Set(state.tokens.keys())).toEqual(involved)
    for (const token of involved) expect(state.tokens.get(token)?.decimals).toBeTypeOf('number')
  })
})
