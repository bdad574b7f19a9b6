import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rewardPoolAbi } from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { devnet, devnetChain, publicClientFor } from '../../../test/devnet.js'
import { pricesFromChain } from '../../../test/pricesFromChain.js'
import { DEVNET_BLOCK_SECONDS, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry, type RegistryFile } from '../../registry/index.js'
import type { App } from '../deps.js'
import { stakedFromChain } from '../../../test/stakedFromChain.js'

/** What the reward pools stake: P6 /tvl/pool, the TVL E2 carries, and P7 /tokens/{address}/staked, against the test's own reads. */
const CHAIN = 56
const registry = () => buildRegistry(devnetRegistry(devnet())).chains.get(CHAIN)!
const client = () => publicClientFor(CHAIN)

describe('P6 /tvl/pool and P7 /tokens/{address}/staked', () => {
  let app: App
  beforeAll(async () => {
    app = await testApp({ blockTimeSeconds: DEVNET_BLOCK_SECONDS })
  })
  afterAll(() => app.close())

  /** The USD value of each staking pool of `pool` at `blockNumber`, by pid: its poolInfo total staked at prices of direct reads. */
  async function stakedFromReads(pool: { address: Address; stakingTokens: readonly Address[] }, blockNumber: bigint): Promise<number[]> {
    const { value } = pricesFromChain(CHAIN, registry(), blockNumber)
    const staked: number[] = []
    for (const [pid, token] of pool.stakingTokens.entries()) {
      const [, , , , totalStaked] = await client().readContract({
        address: pool.address,
        abi: rewardPoolAbi,
        functionName: 'poolInfo',
        args: [BigInt(pid)],
        blockNumber,
      })
      staked.push(await value(token, totalStaked))
    }
    return staked
  }

  it('P6 matches the sum of direct reads at the same block', async () => {
    const pool = devnetChain(CHAIN).rewardPools[1]!
    const { status, body, headers } = await get(app, `/tvl/pool/${pool.address}?chain=${CHAIN}`)
    expect(status).toBe(200)
    const staked = await stakedFromReads(pool, BigInt(headers['x-block-number'] as string))
    for (const [pid, usd] of staked.entries()) expect(Math.abs(body[pool.stakingTokens[pid]!] - usd)).toBeLessThanOrEqual(usd * 1e-9)
    const total = staked.reduce((sum, usd) => sum + usd, 0)
    expect(Math.abs(body.total - total)).toBeLessThanOrEqual(total * 1e-9)
    expect(body.warnings).toEqual([])
  })

  it("E2 carries each pool's TVL, the same sum of direct reads at its own block", async () => {
    const pool = devnetChain(CHAIN).rewardPools[1]!
    const { status, body, headers } = await get(app, `/v2/pools?chain=${CHAIN}`)
    expect(status).toBe(200)
    const total = (await stakedFromReads(pool, BigInt(headers['x-block-number'] as string))).reduce((sum, usd) => sum + usd, 0)
    const served = body.find((entry: { address: string }) => entry.address === pool.address)
    expect(Math.abs(served.tvl - total)).toBeLessThanOrEqual(total * 1e-9)
    expect(served.tvlWarnings).toBeUndefined()
  })

  it('P6 for an unregistered pool is a 404 and needs chain', async () => {
    expect((await get(app, `/tvl/pool/0x000000000000000000000000000000000000dEaD?chain=${CHAIN}`)).status).toBe(404)
    const missing = await get(app, `/tvl/pool/${devnetChain(CHAIN).rewardPools[0]!.address}`)
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ path: '/querystring/chain', message: 'is required' }])
  })

  it('P7 sums totalStaked of the token over every pool, per chain and over all chains', async () => {
    const token = devnetChain(CHAIN).rewardPools[0]!.stakingTokens[0]!
    /** The test's own sum over chain 56's pools at `blockNumber` (the address is nothing on the other chains). */
    const expectedAt = (blockNumber: bigint) => stakedSum(token, blockNumber)
    const blockOf = (header: unknown) =>
      BigInt(
        new Map(
          String(header)
            .split(',')
            .map((pair) => pair.split('=') as [string, string]),
        ).get(String(CHAIN))!,
      )
    const one = await get(app, `/tokens/${token}/staked?chain=${CHAIN}`)
    expect(one.status).toBe(200)
    const expected = await expectedAt(blockOf(one.headers['x-block-numbers']))
    expect(one.body).toEqual({ totalStaked: expected.toString(), warnings: [] })
    expect(expected).toBeGreaterThan(0n)
    const all = await get(app, `/tokens/${token}/staked`)
    expect(String(all.headers['x-block-numbers']).split(',').length).toBe(3)
    expect(all.body).toEqual({ totalStaked: (await expectedAt(blockOf(all.headers['x-block-numbers']))).toString(), warnings: [] })
  })

  it('P7 names a pool whose reads fail in warnings and sums the others; 502 when nothing could be read', async () => {
    const token = devnetChain(CHAIN).rewardPools[0]!.stakingTokens[0]!
    // A registered "pool" that is a token contract: every reward pool read reverts.
    const broken = devnetChain(CHAIN).tokens.USDC!
    const withBroken: RegistryFile = devnetRegistry(devnet())
    const pools = withBroken.chains[String(CHAIN)]!.rewardPools!
    pools.push({ ...pools[0]!, address: broken, name: 'Broken pool' })
    const warning = `chain ${CHAIN}: reward pool ${broken} did not answer its reads; what it stakes is not counted`
    const partial = await testApp({ registry: withBroken })
    try {
      const one = await get(partial, `/tokens/${token}/staked?chain=${CHAIN}`)
      expect(one.status).toBe(200)
      expect(one.body.warnings).toEqual([warning])
      const blockNumber = BigInt(String(one.headers['x-block-numbers']).split('=')[1]!)
      const expected = await stakedSum(token, blockNumber)
      expect(one.body.totalStaked).toBe(expected.toString())
      const all = await get(partial, `/tokens/${token}/staked`)
      expect(all.status).toBe(200)
      expect(all.body.warnings).toEqual([warning])
    } finally {
      await partial.close()
    }

    const onlyBroken: RegistryFile = devnetRegistry(devnet())
    onlyBroken.chains[String(CHAIN)]!.rewardPools = [{ ...pools[0]!, address: broken, name: 'Broken pool' }]
    const nothing = await testApp({ registry: onlyBroken })
    try {
      const response = await get(nothing, `/tokens/${token}/staked?chain=${CHAIN}`)
      expect(response.status).toBe(502)
      expect(response.body.code).toBe('UPSTREAM_UNAVAILABLE')
      expect(response.body.detail).toContain(warning)
      expect(response.headers['retry-after']).toBeDefined()
    } finally {
      await nothing.close()
    }
  })

  it('P7 for a token no pool stakes is a 404', async () => {
    const response = await get(app, `/tokens/${devnetChain(CHAIN).tokens.USDC}/staked?chain=${CHAIN}`)
    expect(response.status).toBe(404)
    expect(response.body.code).toBe('TOKEN_NOT_FOUND')
  })
})

/** The test's own sum of `token` staked over every pool registered on CHAIN (every family) at `blockNumber`. */
async function stakedSum(token: Address, blockNumber: bigint): Promise<bigint> {
  let total = 0n
  for (const pool of buildRegistry(devnetRegistry(devnet())).chains.get(CHAIN)!.rewardPools.values())
    for (const staked of await stakedFromChain(CHAIN, pool, blockNumber)) if (staked.stakingToken === token) total += staked.totalStaked
  return total
}
