import { createWalletClient, getAddress, http, maxUint256, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoTokenAbi, rewardPoolAbi, rewardPoolBytecode } from '../../contracts/artifacts/index.js'
import { aprsFromChain } from '../../test/aprsFromChain.js'
import { confirmOn, devnet, devnetChain, publicClientFor, TX_GAS } from '../../test/devnet.js'
import { nodeErrors, nodeProxy, onMethod, type NodeProxy, type RpcCall } from '../../test/nodeProxy.js'
import { startOwnChain, type OwnChain } from '../../test/ownChain.js'
import { refresherApp } from '../../test/refresherApp.js'
import { devnetChains, devnetRegistry } from '../devnet/index.js'
import { buildRegistry, type RegistryFile } from '../registry/index.js'
import { migrate, openSqlClient, SnapshotStore } from '../store/index.js'

const CHAIN = 56
/** The own chain's APRs are computed with a fixed block time: this file is about completedAPR, not block times. */
const BLOCK_TIME = 3
/** The devnet's third reward pool ended a few dozen blocks after deployment. */
const ENDED = 2

type PoolBody = { address: string; completedAPR: Record<string, string>; completedAPRNote?: string; chaindata: { stakingPools: { apr: number }[] } }

/** `eth_call` at a numbered block below `block` (the refresher itself reads at `latest`). */
const callBelow = (block: bigint) => (call: RpcCall) =>
  call.method === 'eth_call' && typeof call.params?.[1] === 'string' && /^0x/.test(call.params[1]) && BigInt(call.params[1]) < block
/**
 * Whether an old call reads `contract` (a Multicall3 batch names each target in its call data):
 * the refresher reads old state for other reasons (a vault's price per share a day back, for APY).
 */
const reads = (call: RpcCall, contract: string) =>
  JSON.stringify(call.params?.[0] ?? '')
    .toLowerCase()
    .includes(contract.slice(2).toLowerCase())

describe('completedAPR on a pruned node (anvil --prune-history)', () => {
  let own: OwnChain
  beforeAll(async () => {
    own = await startOwnChain({ chainId: CHAIN, anvilArgs: ['--prune-history'] })
  }, 60_000)
  afterAll(() => own?.stop())

  it('the node really has no old state', async () => {
    const head = await own.client.getBlockNumber({ cacheTime: 0 })
    const pool = own.manifest.rewardPools[0]!.address
    await expect(own.client.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'endBlock', blockNumber: head - 5n })).rejects.toThrow()
  })

  it('the snapshot is taken; the ended pool is listed with {} and a note, a failing pool, vault and bridge are named', async () => {
    const file: RegistryFile = structuredClone(own.registry)
    const chain = file.chains[String(CHAIN)]!
    // Registered addresses that do not answer as what they are registered as.
    const broken = own.manifest.tokens.USDC!
    chain.rewardPools!.push({ ...chain.rewardPools![0]!, address: broken, name: 'Broken pool' })
    chain.vaults!.push({ address: broken, kind: 'beefy', want: own.manifest.tokens.DAI!, name: 'Broken vault', zaps: [] })
    chain.bridges!.push({ address: broken, token: own.manifest.rewardPools[0]!.address, ticker: chain.bridges![0]!.ticker })
    const service = await refresherApp({ chains: [{ ...own.chainConfig, blockTimeSeconds: BLOCK_TIME }], registry: file })
    try {
      const snapshot = await service.refresher.refresh(CHAIN)
      expect(snapshot).toBeDefined()
      const list = await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      expect(list.statusCode).toBe(200)
      expect(list.headers['x-omitted-pools']).toBe(broken)
      const ended = (list.json() as PoolBody[]).find((pool) => pool.address === own.manifest.rewardPools[ENDED]!.address)!
      expect(ended.completedAPR).toEqual({})
      expect(ended.completedAPRNote).toMatch(
        /^not available: the node does not serve the state of block [0-9]+, the block before the pool's end \(a pruned node/,
      )
      for (const active of (list.json() as PoolBody[]).filter((pool) => pool.address !== ended.address)) {
        expect(active.completedAPRNote).toBeUndefined()
        for (const staking of active.chaindata.stakingPools) expect(staking.apr).toBeGreaterThan(0)
      }
      const tvl = (await service.app.inject({ method: 'GET', url: '/tvl?platform=all' })).json() as {
        warnings: string[]
        poolTvl: number
        yieldTvl: number
        bridgeTvl: number
      }
      expect(tvl.warnings).toEqual(
        expect.arrayContaining([
          `chain ${CHAIN}: reward pool ${broken} did not answer its reads`,
          `chain ${CHAIN}: vault ${broken} did not answer its reads`,
          `chain ${CHAIN}: bridge ${broken} (token ${own.manifest.rewardPools[0]!.address}) did not answer its reads`,
        ]),
      )
      expect(Math.min(tvl.poolTvl, tvl.yieldTvl, tvl.bridgeTvl)).toBeGreaterThan(0)
    } finally {
      await service.close()
    }
  })

  it('read on the spot (no snapshot yet), E2 answers 200 with the same {} and note', async () => {
    // No refresh: the cache is empty, so the API reads the chain itself.
    const service = await refresherApp({ chains: [{ ...own.chainConfig, blockTimeSeconds: BLOCK_TIME }], registry: own.registry })
    try {
      const list = await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      expect(list.statusCode).toBe(200)
      expect(list.headers.age).toBe('0')
      const ended = (list.json() as PoolBody[]).find((pool) => pool.address === own.manifest.rewardPools[ENDED]!.address)!
      expect(ended.completedAPR).toEqual({})
      expect(ended.completedAPRNote).toMatch(/^not available: the node does not serve the state of block/)
    } finally {
      await service.close()
    }
  })

  describe('a pool the refresher saw end', () => {
    let proxy: NodeProxy
    let store: SnapshotStore
    let pool: Address
    let endBlock: bigint
    let stake: (pid: number, amount: bigint) => Promise<unknown>
    let file: RegistryFile

    beforeAll(async () => {
      proxy = await nodeProxy(own.manifest.rpcUrl)
      const sql = await openSqlClient({ dataDir: 'memory://' })
      await migrate(sql)
      store = new SnapshotStore(sql)
      ;({ pool, endBlock, stake } = await deployShortPool(own, 30n))
      // The devnet's ended pool is left out: its completedAPR could only come from old state.
      file = structuredClone(own.registry)
      const pools = file.chains[String(CHAIN)]!.rewardPools!
      file.chains[String(CHAIN)]!.rewardPools = [pools[0]!, pools[1]!, { ...pools[0]!, address: pool, name: 'Short pool' }]
    }, 60_000)
    afterAll(async () => {
      await proxy?.close()
      await store?.close()
    })

    it('takes completedAPR from its own last snapshot before the end, with no old-state read, and stores it', async () => {
      const service = await refresherApp({ chains: [{ ...own.chainConfig, rpcUrls: [proxy.url], blockTimeSeconds: BLOCK_TIME }], registry: file, store })
      try {
        expect(await service.refresher.refresh(CHAIN)).toBeDefined()
        // The APR changes after that first snapshot (whose APRs went to the history): completedAPR must be the last one.
        await stake(0, parseUnits('3000', 18))
        const head = await own.client.getBlockNumber({ cacheTime: 0 })
        await own.mine(Number(endBlock - 1n - head))
        const last = await service.refresher.refresh(CHAIN)
        expect(last!.state.blockNumber).toBe(endBlock - 1n)
        // The test's own APRs at that block, read while it is still the node's latest state.
        const expected = await aprsFromChain(CHAIN, buildRegistry(file).chains.get(CHAIN)!, {
          pool,
          blockNumber: endBlock - 1n,
          blockTimeSeconds: BLOCK_TIME,
          client: own.client,
        })
        expect(expected.every((apr) => apr > 0)).toBe(true)

        await own.mine(2)
        proxy.reset()
        const oldReads: RpcCall[] = []
        proxy.set({
          call: (call) => {
            if (!callBelow(endBlock)(call)) return undefined
            if (reads(call, pool)) oldReads.push(call)
            return nodeErrors.missingTrieNode
          },
        })
        const ended = await service.refresher.refresh(CHAIN)
        expect(ended!.state.blockNumber).toBeGreaterThanOrEqual(endBlock)
        expect(oldReads).toEqual([])
        expect(proxy.methods().eth_call).toBeGreaterThan(0)

        const body = (await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })).json() as PoolBody[]
        const short = body.find((entry) => entry.address === pool)!
        expect(short.completedAPRNote).toBeUndefined()
        expect(Object.keys(short.completedAPR)).toEqual(expected.map((_, pid) => String(pid)))
        for (const [pid, apr] of expected.entries()) expect(Math.abs(Number(short.completedAPR[String(pid)]) - apr)).toBeLessThanOrEqual(apr * 1e-9)
        expect(await store.lastAprsBefore(CHAIN, pool, endBlock)).toEqual(short.completedAPR)
      } finally {
        await service.close()
      }
    })

    it('a refresher started later (no snapshot of its own) takes it from the store, again without old state', async () => {
      const service = await refresherApp({ chains: [{ ...own.chainConfig, rpcUrls: [proxy.url], blockTimeSeconds: BLOCK_TIME }], registry: file, store })
      try {
        proxy.reset()
        const oldReads: RpcCall[] = []
        proxy.set({
          call: (call) => {
            if (!callBelow(endBlock)(call)) return undefined
            if (reads(call, pool)) oldReads.push(call)
            return nodeErrors.missingTrieNode
          },
        })
        await own.mine(1)
        const snapshot = await service.refresher.refresh(CHAIN)
        expect(oldReads).toEqual([])
        expect(snapshot!.completedAprNotes?.[pool]).toBeUndefined()
        expect(snapshot!.completedApr[pool]).toEqual(await store.lastAprsBefore(CHAIN, pool, endBlock))
        expect(Object.keys(snapshot!.completedApr[pool]!)).toEqual(['0', '1'])
      } finally {
        await service.close()
      }
    })
  })
})

describe('completedAPR through a node that answers "missing trie node" for old blocks', () => {
  let proxy: NodeProxy
  beforeAll(async () => {
    proxy = await nodeProxy(devnetChain(CHAIN).rpcUrl)
  })
  afterAll(() => proxy?.close())

  it('the snapshot is still taken and E2 lists the ended pool with {} and the note', async () => {
    const chainConfig = devnetChains(devnet()).find((chain) => chain.chainId === CHAIN)!
    // Every block before this test is "old": the refresher reads at `latest` (or pins to a newer head).
    const head = await publicClientFor(CHAIN).getBlockNumber({ cacheTime: 0 })
    const faulted: RpcCall[] = []
    const old = callBelow(head)
    proxy.set({ call: onMethod('eth_call', nodeErrors.missingTrieNode, (call) => old(call) && faulted.push(call) > 0) })
    const service = await refresherApp({ chains: [{ ...chainConfig, rpcUrls: [proxy.url] }], registry: devnetRegistry(devnet()) })
    try {
      const snapshot = await service.refresher.refresh(CHAIN)
      expect(snapshot).toBeDefined()
      expect(faulted.length).toBeGreaterThan(0)
      const list = await service.app.inject({ method: 'GET', url: `/v2/pools?chain=${CHAIN}` })
      expect(list.statusCode).toBe(200)
      expect(list.headers['x-omitted-pools']).toBeUndefined()
      const ended = (list.json() as PoolBody[]).find((pool) => pool.address === devnetChain(CHAIN).rewardPools[ENDED]!.address)!
      expect(ended.completedAPR).toEqual({})
      expect(ended.completedAPRNote).toMatch(/^not available: the node does not serve the state of block/)
    } finally {
      await service.close()
    }
  })
})

/**
 * Deploys a reward pool (rewards YLD and wrapped native; staking YLD and GOV) that starts now and
 * ends `blocks` later, with a stake in each staking pool so each has an APR.
 */
async function deployShortPool(
  own: OwnChain,
  blocks: bigint,
): Promise<{ pool: Address; endBlock: bigint; stake: (pid: number, amount: bigint) => Promise<unknown> }> {
  const account = privateKeyToAccount(own.manifest.accounts[0]!.privateKey)
  const wallet = createWalletClient({ account, chain: own.chain, transport: http(own.manifest.rpcUrl) })
  const confirm = (hash: Promise<`0x${string}`>) => confirmOn(own.client, hash)
  const tokens = own.manifest.tokens
  const endBlock = (await own.client.getBlockNumber({ cacheTime: 0 })) + blocks
  const deployed = await confirm(
    wallet.deployContract({
      abi: rewardPoolAbi,
      bytecode: rewardPoolBytecode,
      args: [
        {
          rewardTokens: [tokens.YLD!, own.manifest.wrappedNative],
          rewardPerBlock: [parseUnits('0.5', 18), parseUnits('0.001', 18)],
          startBlock: 1n,
          endBlock,
          claimDelay: 1n,
          unstakeDelayDuration: 0n,
          feeManager: account.address,
          protocolFee: 0n,
          withdrawPenaltyFee: 0n,
          withdrawPenaltyBlock: 0n,
          compoundEnabled: false,
        },
      ],
    }),
  )
  const pool = getAddress(deployed.contractAddress!)
  // A stake settles the pool's rewards up to the block it lands in, which the wallet's estimate
  // (at the latest block) has not seen: a fixed limit, as for the shared devnet's accounts.
  const stake = (pid: number, amount: bigint) =>
    confirm(wallet.writeContract({ address: pool, abi: rewardPoolAbi, functionName: 'stake', args: [BigInt(pid), amount], gas: TX_GAS }))
  for (const [pid, token] of [tokens.YLD!, tokens.GOV!].entries()) {
    await confirm(wallet.writeContract({ address: pool, abi: rewardPoolAbi, functionName: 'addPool', args: [token, 100n, 0n, 0n, []] }))
    await confirm(wallet.writeContract({ address: token, abi: demoTokenAbi, functionName: 'approve', args: [pool, maxUint256] }))
    await stake(pid, parseUnits('1000', 18))
  }
  return { pool, endBlock, stake }
}
