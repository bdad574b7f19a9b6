import type { RewardPoolObject } from '../../schema/index.js'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rewardPoolAbi, rewardPoolBytecode } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { deploy, devnet, devnetChain, fundedAccount, publicClientFor, walletClientFor, confirm } from '../../../test/devnet.js'
import { aprsFromChain } from '../../../test/aprsFromChain.js'
import { DEVNET_BLOCK_SECONDS, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry, type RegistryFile } from '../../registry/index.js'
import { compileCheck, createValidator } from '../../schema/index.js'
import type { App } from '../deps.js'
import { PoolListSchema } from '../schemas/ecosystem.js'

const CHAIN = 56
const registry = () => buildRegistry(devnetRegistry(devnet())).chains.get(CHAIN)!
/** The block time the APRs are computed with: set for these tests (every test file adds blocks to the devnet; measuring is tested on chains of their own). */
const blockTime = () => DEVNET_BLOCK_SECONDS
const client = () => publicClientFor(CHAIN)

/** The test's own APR of every staking pool of `pool` at `blockNumber`, from raw reads and its own prices. */
const aprsAt = (pool: Address, blockNumber: bigint) => aprsFromChain(CHAIN, registry(), { pool, blockNumber, blockTimeSeconds: blockTime() })

describe('E2 /v2/pools', () => {
  let app: App
  let list: { status: number; body: RewardPoolObject[]; headers: Record<string, unknown> }
  beforeAll(async () => {
    app = await testApp({ blockTimeSeconds: DEVNET_BLOCK_SECONDS })
    list = (await get(app, `/v2/pools?chain=${CHAIN}`)) as typeof list
  })
  afterAll(() => app.close())

  it('lists every pool of the manifest, every documented field present and typed as documented', () => {
    expect(list.status).toBe(200)
    const check = compileCheck(createValidator({ coerce: false }), { ...PoolListSchema, items: deepRequired(PoolListSchema.items) })
    const result = check(list.body)
    expect(result.ok ? [] : result.errors).toEqual([])
    // The reference pools, then one pool of each public family.
    const served = [...devnetChain(CHAIN).rewardPools, ...devnetChain(CHAIN).rewardPoolFamilies.pools]
    expect(list.body.map((pool) => pool.address)).toEqual(served.map((pool) => pool.address))
    for (const pool of list.body) {
      expect(pool.version).toBe(2)
      expect(pool.chaindata.stakingPools.map((staking: { pid: number }) => staking.pid)).toEqual(served.find((entry) => entry.address === pool.address)!.pids)
    }
  })

  it("APRs of active pools match the test's own computation at the same block", async () => {
    const blockNumber = BigInt(list.headers['x-block-number'] as string)
    // The reference pools here; the families' APRs are checked in poolFamilies.test.ts.
    const reference = new Set<string>(devnetChain(CHAIN).rewardPools.map((pool) => pool.address))
    for (const pool of list.body.filter((entry) => reference.has(entry.address) && BigInt(entry.chaindata.endBlock) > blockNumber)) {
      const expected = await aprsAt(pool.address as Address, blockNumber)
      pool.chaindata.stakingPools.forEach((staking: { apr: number }, index: number) => {
        expect(Math.abs(staking.apr - expected[index]!)).toBeLessThanOrEqual(expected[index]! * 1e-9)
        expect(staking.apr).toBeGreaterThan(0)
      })
      expect(pool.completedAPR).toEqual({})
      // Whole seconds, as the interface gives durations.
      expect(pool.endBlockDuration).toBe(Math.round(Number(BigInt(pool.chaindata.endBlock) - blockNumber) * blockTime()))
      expect(pool.startBlockDuration).toBe(0)
    }
  })

  it('an ended pool pays no APR, and completedAPR holds the APRs of the block before its end', async () => {
    const ended = list.body.find((entry) => BigInt(entry.chaindata.endBlock) <= BigInt(list.headers['x-block-number'] as string))!
    expect(ended).toBeDefined()
    expect(ended.endBlockDuration).toBe(0)
    for (const staking of ended.chaindata.stakingPools) expect(staking).toMatchObject({ apr: 0, aprNote: 'ended' })
    const expected = await aprsAt(ended.address as Address, BigInt(ended.chaindata.endBlock) - 1n)
    expect(Object.keys(ended.completedAPR)).toEqual(expected.map((_, pid) => String(pid)))
    for (const [pid, apr] of expected.entries()) {
      expect(typeof ended.completedAPR[String(pid)]).toBe('string')
      expect(Math.abs(Number(ended.completedAPR[String(pid)]) - apr)).toBeLessThanOrEqual(apr * 1e-9)
    }
  })

  it('chain data agrees with direct reads', async () => {
    const blockNumber = BigInt(list.headers['x-block-number'] as string)
    const pool = list.body[0]!
    const address = pool.address as Address
    const endBlock = await client().readContract({ address, abi: rewardPoolAbi, functionName: 'endBlock', blockNumber })
    const delay = await client().readContract({ address, abi: rewardPoolAbi, functionName: 'unstakeDelayDuration', blockNumber })
    expect(pool.chaindata.endBlock).toBe(String(endBlock))
    expect(pool.chaindata.claimDelay).toBe(String(await client().readContract({ address, abi: rewardPoolAbi, functionName: 'claimDelay', blockNumber })))
    expect(pool.chaindata.rewardVault).toBe(await client().readContract({ address, abi: rewardPoolAbi, functionName: 'rewardVault', blockNumber }))
    expect(pool.fees.protocolFee).toBe(Number(await client().readContract({ address, abi: rewardPoolAbi, functionName: 'protocolFee', blockNumber })))
    expect(pool.latestUnstakeDelayBlock).toBe(String(endBlock - 1n + delay))
    const [stakingToken, , depositCap, , totalStaked, participants] = await client().readContract({
      address,
      abi: rewardPoolAbi,
      functionName: 'poolInfo',
      args: [1n],
      blockNumber,
    })
    expect(pool.chaindata.stakingPools[1]).toMatchObject({
      stakingToken,
      depositCap: String(depositCap),
      totalStaked: String(totalStaked),
      participants: String(participants),
      decimals: '18',
    })
  })

  it('a chain that is not configured is a 400', async () => {
    const response = await get(app, '/v2/pools?chain=10')
    expect(response.status).toBe(400)
    expect(response.body.code).toBe('UNSUPPORTED_CHAIN')
  })
})

describe('E2 round trips do not grow with the number of pools', () => {
  it('1 pool and 21 pools cost the same RPC requests, cold and warm', async () => {
    const user = await fundedAccount(CHAIN)
    const chain = devnetChain(CHAIN)
    const extra: Address[] = []
    for (let index = 0; index < 20; index++) {
      const pool = await deploy(CHAIN, user.account, {
        abi: rewardPoolAbi,
        bytecode: rewardPoolBytecode,
        args: [
          {
            rewardTokens: [chain.tokens.YLD!, chain.tokens.WBNB!],
            rewardPerBlock: [10n ** 16n, 10n ** 12n],
            startBlock: 1n,
            endBlock: 10_000_000n,
            claimDelay: 1n,
            unstakeDelayDuration: 5n,
            feeManager: user.address,
            protocolFee: 100n,
            withdrawPenaltyFee: 0n,
            withdrawPenaltyBlock: 0n,
            compoundEnabled: false,
          },
        ],
      })
      const wallet = walletClientFor(CHAIN, user.account)
      for (const token of [chain.tokens.YLD!, chain.tokens.GOV!]) {
        await confirm(CHAIN, wallet.writeContract({ address: pool, abi: rewardPoolAbi, functionName: 'addPool', args: [token, 100n, 0n, 0n, []] }))
      }
      extra.push(pool)
    }
    const base = devnetRegistry(devnet())
    const one: RegistryFile = structuredClone(base)
    one.chains[String(CHAIN)]!.rewardPools = base.chains[String(CHAIN)]!.rewardPools!.slice(0, 1)
    const many: RegistryFile = structuredClone(base)
    const template = base.chains[String(CHAIN)]!.rewardPools![0]!
    many.chains[String(CHAIN)]!.rewardPools = [template, ...extra.map((address, index) => ({ ...template, address, name: `Extra ${index}` }))]

    const requestsOf = async (file: RegistryFile) => {
      let requests = 0
      const app = await testApp({ registry: file, onRequest: (chainId) => chainId === CHAIN && requests++ })
      const counts: number[] = []
      for (let round = 0; round < 2; round++) {
        requests = 0
        const response = await get(app, `/v2/pools?chain=${CHAIN}`)
        expect(response.status).toBe(200)
        expect(response.body).toHaveLength(file.chains[String(CHAIN)]!.rewardPools!.length)
        counts.push(requests)
      }
      await app.close()
      return counts
    }
    const [oneCounts, manyCounts] = [await requestsOf(one), await requestsOf(many)]
    expect(manyCounts).toEqual(oneCounts)
    expect(oneCounts[1]).toBe(1)
  })
})

/** The schema with every optional property made required, to prove each documented field is there. */
function deepRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(deepRequired)
  if (!schema || typeof schema !== 'object') return schema
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, deepRequired(value)])) as Record<string, unknown>
  if (copy.type === 'object' && copy.properties) {
    const optional = new Set([
      'aprNote',
      'website',
      'twitter',
      'telegram',
      'completedAPRNote',
      'durationNote',
      'participantsNote',
      'endBlockNote',
      'estimateNote',
      'tvlWarnings',
      'flags',
    ])
    copy.required = Object.keys(copy.properties).filter((key) => !optional.has(key))
  }
  return copy
}
