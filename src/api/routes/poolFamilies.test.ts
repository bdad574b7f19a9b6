import { type Address, erc20Abi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { masterChefAbi, multiRewardsAbi, stakingRewardsAbi } from '../../../contracts/artifacts/index.js'
import { get, post, sendDescriptor, testApp } from '../../../test/app.js'
import { masterChefPending, multiRewardsEarned, stakingRewardsEarned } from '../../../test/contracts/pendingFromChain.js'
import { devnet, devnetChain, type FundedAccount, fundedAccount, mine, publicClientFor } from '../../../test/devnet.js'
import { pricesFromChain } from '../../../test/pricesFromChain.js'
import { stakedFromChain } from '../../../test/stakedFromChain.js'
import { DEVNET_BLOCK_SECONDS, devnetRegistry } from '../../devnet/index.js'
import { buildRegistry } from '../../registry/index.js'
import type { App } from '../deps.js'

/** The pools of the public families on CHAIN, through HTTP, against the contracts' own reads. */
const CHAIN = 1
const client = () => publicClientFor(CHAIN)
type Kind = 'masterchef' | 'staking-rewards' | 'multi-rewards'
const family = (kind: Kind) => devnetChain(CHAIN).rewardPoolFamilies.pools.find((pool) => pool.kind === kind)!
const registry = () => buildRegistry(devnetRegistry(devnet())).chains.get(CHAIN)!
/** The block time the APRs are computed with: set for these tests (every test file adds blocks to the devnet; measuring is tested on chains of their own). */
const blockTime = () => DEVNET_BLOCK_SECONDS
const balanceOf = (token: Address, owner: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const blockOf = (headers: Record<string, unknown>) => BigInt(headers['x-block-number'] as string)

/** Each family's own views of a stake and its pending rewards (wei, first reward token), at a block. */
const views: Record<Kind, { stake(user: Address, blockNumber?: bigint): Promise<bigint>; pending(user: Address, blockNumber: bigint): Promise<bigint> }> = {
  masterchef: {
    stake: async (user, blockNumber) =>
      (await client().readContract({ address: family('masterchef').address, abi: masterChefAbi, functionName: 'userInfo', args: [0n, user], blockNumber }))[0],
    pending: (user, blockNumber) =>
      client().readContract({ address: family('masterchef').address, abi: masterChefAbi, functionName: 'pendingSushi', args: [0n, user], blockNumber }),
  },
  'staking-rewards': {
    stake: (user, blockNumber) =>
      client().readContract({ address: family('staking-rewards').address, abi: stakingRewardsAbi, functionName: 'balanceOf', args: [user], blockNumber }),
    pending: (user, blockNumber) =>
      client().readContract({ address: family('staking-rewards').address, abi: stakingRewardsAbi, functionName: 'earned', args: [user], blockNumber }),
  },
  'multi-rewards': {
    stake: (user, blockNumber) =>
      client().readContract({ address: family('multi-rewards').address, abi: multiRewardsAbi, functionName: 'balanceOf', args: [user], blockNumber }),
    pending: (user, blockNumber) =>
      client().readContract({
        address: family('multi-rewards').address,
        abi: multiRewardsAbi,
        functionName: 'earned',
        args: [user, family('multi-rewards').rewardTokens[0]!],
        blockNumber,
      }),
  },
}

/** The test's own pending rewards from raw reads (test/contracts/pendingFromChain.ts), at a block. */
function oraclePending(kind: Kind, user: Address, blockNumber: bigint): Promise<bigint> {
  const at = { stateBlock: blockNumber, at: blockNumber }
  const pool = family(kind)
  if (kind === 'masterchef') return masterChefPending(CHAIN, pool.address, 0n, user, at)
  if (kind === 'staking-rewards') return stakingRewardsEarned(CHAIN, pool.address, user, at)
  return multiRewardsEarned(CHAIN, pool.address, user, pool.rewardTokens[0]!, at)
}

/** Mines until the head's timestamp passes the current one: per-second rewards accrue across seconds only. */
async function mineToNextSecond(): Promise<void> {
  const { timestamp } = await client().getBlock()
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    await mine(CHAIN, 1)
    if ((await client().getBlock()).timestamp > timestamp) return
  }
  throw new Error('no later timestamp in 5 s')
}

let app: App
let user: FundedAccount
beforeAll(async () => {
  app = await testApp({ blockTimeSeconds: DEVNET_BLOCK_SECONDS })
  user = await fundedAccount(CHAIN)
})
afterAll(() => app.close())

const url = (pool: Address, pid: number, action: string) => `/pool/${pool}/${pid}/${action}`

describe.each(['masterchef', 'staking-rewards', 'multi-rewards'] as const)('%s pool through P1–P5', (kind) => {
  const pool = () => family(kind)
  /** A tenth of what the user holds of the staking token (LP tokens and 8-decimal tokens hold less than 18-decimal units). */
  let amount = 0n

  it('P1 stake: approval then the family call, sent with its gas; P4 equals the contract view', async () => {
    amount = (await balanceOf(pool().stakingTokens[0]!, user.address)) / 10n
    expect(amount).toBeGreaterThan(1000n)
    const { status, body } = await post(app, url(pool().address, 0, 'tx/stake'), { user: user.address, amount: amount.toString(), chainId: CHAIN })
    expect(status).toBe(200)
    expect(body).toMatchObject({ to: pool().address, chainId: CHAIN, from: user.address })
    expect(body, 'no native coin sent: no value').not.toHaveProperty('value')
    expect(body.approvals?.[0]?.to).toBe(pool().stakingTokens[0])
    await sendDescriptor(user.account, body)
    expect(await views[kind].stake(user.address)).toBe(amount)
    const p4 = await post(app, url(pool().address, 0, 'call/user-staked'), { user: user.address, chainId: CHAIN })
    expect(p4.status).toBe(200)
    expect(p4.body).toBe((await views[kind].stake(user.address, blockOf(p4.headers))).toString())
    expect(p4.body).toBe(amount.toString())
  })

  it("P5 equals the contract's own pending view and the test's accrual from raw reads at the answer's block", async () => {
    await mineToNextSecond()
    await mine(CHAIN, 2)
    const p5 = await post(app, url(pool().address, 0, 'call/pending-rewards'), { user: user.address, chainId: CHAIN })
    expect(p5.status).toBe(200)
    const blockNumber = blockOf(p5.headers)
    expect(p5.body).toBe((await views[kind].pending(user.address, blockNumber)).toString())
    expect(p5.body).toBe((await oraclePending(kind, user.address, blockNumber)).toString())
    expect(BigInt(p5.body)).toBeGreaterThan(0n)
  })

  it('P3 claim: the reward token balance grows', async () => {
    const reward = pool().rewardTokens[0]!
    const before = await balanceOf(reward, user.address)
    const { status, body } = await post(app, url(pool().address, 0, 'tx/claim'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(reward, user.address)).toBeGreaterThan(before)
  })

  it('P2 unstake: the staking token comes back; more than staked is a 422 saying what the user lacks', async () => {
    const staking = pool().stakingTokens[0]!
    const before = await balanceOf(staking, user.address)
    const { status, body } = await post(app, url(pool().address, 0, 'tx/unstake'), { user: user.address, amount: '1000', chainId: CHAIN })
    expect(status).toBe(200)
    await sendDescriptor(user.account, body)
    expect((await balanceOf(staking, user.address)) - before).toBe(1000n)
    const tooMuch = await post(app, url(pool().address, 0, 'tx/unstake'), { user: user.address, amount: (amount * 20n).toString(), chainId: CHAIN })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body.detail).toContain(kind === 'masterchef' ? 'less staked in this pool than the amount' : 'below the amount')
  })
})

describe('pids of the families', () => {
  it('a Synthetix-style pool has pid 0 only: pid 1 is a 404', async () => {
    for (const kind of ['staking-rewards', 'multi-rewards'] as const) {
      const { status, body } = await post(app, url(family(kind).address, 1, 'call/user-staked'), { user: user.address, chainId: CHAIN })
      expect(status).toBe(404)
      expect(body.code).toBe('POOL_NOT_FOUND')
    }
  })
})

describe('E2, P6 and P7 over the families', () => {
  it('E2 fills each family by the documented rules; APRs match the same math on raw reads', async () => {
    const list = await get(app, `/v2/pools?chain=${CHAIN}`)
    expect(list.status).toBe(200)
    const blockNumber = blockOf(list.headers)
    const { timestamp } = await client().getBlock({ blockNumber })
    const seconds = blockTime()
    const { value } = pricesFromChain(CHAIN, registry(), blockNumber)
    const entry = (kind: Kind) => list.body.find((pool: { address: string }) => pool.address === family(kind).address)
    const at = { blockNumber } as const
    const blocksPerYear = 31_536_000 / seconds

    const chef = entry('masterchef')
    const chefAddress = family('masterchef').address
    const perBlock = await client().readContract({ ...at, address: chefAddress, abi: masterChefAbi, functionName: 'sushiPerBlock' })
    const totalAlloc = await client().readContract({ ...at, address: chefAddress, abi: masterChefAbi, functionName: 'totalAllocPoint' })
    expect(chef).toMatchObject({
      kind: 'masterchef',
      endBlockNote: expect.any(String),
      latestUnstakeDelayBlock: '0',
      endBlockDuration: 0,
      fees: { protocolFee: 0, withdrawPenaltyFee: 0, withdrawPenaltyBlock: 0 },
      compoundEnabled: false,
    })
    expect(chef.chaindata).toMatchObject({
      rewardPerBlock: [perBlock.toString()],
      startBlock: (await client().readContract({ ...at, address: chefAddress, abi: masterChefAbi, functionName: 'startBlock' })).toString(),
      endBlock: '0',
      claimDelay: '0',
      unstakeDelayDuration: '0',
      totalAllocationPoints: totalAlloc.toString(),
      rewardToken: family('masterchef').rewardTokens,
      farmingPeriod: '0',
      totalReward: ['0'],
    })
    const sushiUsd = await value(family('masterchef').rewardTokens[0]!, perBlock)
    for (const staked of await stakedFromChain(CHAIN, registry().rewardPools.get(chefAddress)!, blockNumber)) {
      const served = chef.chaindata.stakingPools[staked.pid]
      const [, allocPoint] = await client().readContract({
        ...at,
        address: chefAddress,
        abi: masterChefAbi,
        functionName: 'poolInfo',
        args: [BigInt(staked.pid)],
      })
      expect(served).toMatchObject({
        stakingToken: staked.stakingToken,
        totalStaked: staked.totalStaked.toString(),
        participants: null,
        depositCap: '0',
        swapPath: [],
      })
      expect(served.participantsNote).toEqual(expect.any(String))
      const apr = ((sushiUsd * (Number(allocPoint) / Number(totalAlloc)) * blocksPerYear) / (await value(staked.stakingToken, staked.totalStaked))) * 100
      expect(served.apr).toBeCloseTo(apr, 6)
    }

    for (const kind of ['staking-rewards', 'multi-rewards'] as const) {
      const served = entry(kind)
      const address = family(kind).address
      const rewards = await Promise.all(
        family(kind).rewardTokens.map(async (token) => {
          if (kind === 'staking-rewards') {
            const read = <const name extends 'rewardRate' | 'periodFinish' | 'rewardsDuration'>(functionName: name) =>
              client().readContract({ ...at, address, abi: stakingRewardsAbi, functionName })
            return { token, rate: await read('rewardRate'), finish: await read('periodFinish'), duration: await read('rewardsDuration') }
          }
          const [, duration, finish, rate] = await client().readContract({ ...at, address, abi: multiRewardsAbi, functionName: 'rewardData', args: [token] })
          return { token, rate, finish, duration }
        }),
      )
      // An estimate before the chain's first block (the devnet's past is a month of days, not of 3 s blocks) is block 0.
      const blockAt = (time: bigint) => {
        const block = blockNumber + BigInt(Math.round(Number(time - timestamp) / seconds))
        return block < 0n ? 0n : block
      }
      const perBlocks = rewards.map(({ rate }) => (rate * BigInt(seconds * 1000)) / 1000n)
      expect(served).toMatchObject({ kind, estimateNote: expect.any(String), latestUnstakeDelayBlock: String(blockAt(rewards[0]!.finish) - 1n) })
      expect(served.chaindata).toMatchObject({
        rewardPerBlock: perBlocks.map(String),
        startBlock: String(blockAt(rewards[0]!.finish - rewards[0]!.duration)),
        endBlock: String(blockAt(rewards[0]!.finish)),
        claimDelay: '0',
        unstakeDelayDuration: '0',
        totalAllocationPoints: '1',
        rewardVault: address,
        rewardToken: family(kind).rewardTokens,
      })
      const [staked] = await stakedFromChain(CHAIN, registry().rewardPools.get(address)!, blockNumber)
      expect(served.chaindata.stakingPools).toHaveLength(1)
      expect(served.chaindata.stakingPools[0]).toMatchObject({
        pid: 0,
        stakingToken: staked!.stakingToken,
        totalStaked: staked!.totalStaked.toString(),
        participants: null,
      })
      let yearlyUsd = 0
      for (const [index, { token }] of rewards.entries()) yearlyUsd += (await value(token, perBlocks[index]!)) * blocksPerYear
      expect(served.chaindata.stakingPools[0].apr).toBeCloseTo((yearlyUsd / (await value(staked!.stakingToken, staked!.totalStaked))) * 100, 6)
    }
  })

  it("P6 of each family equals the USD value of its direct reads at the answer's block", async () => {
    for (const kind of ['masterchef', 'staking-rewards', 'multi-rewards'] as const) {
      const address = family(kind).address
      const { status, body, headers } = await get(app, `/tvl/pool/${address}?chain=${CHAIN}`)
      expect(status).toBe(200)
      const blockNumber = BigInt(String(headers['x-block-number'] ?? String(headers['x-block-numbers']).split('=')[1]))
      const { value } = pricesFromChain(CHAIN, registry(), blockNumber)
      let total = 0
      for (const staked of await stakedFromChain(CHAIN, registry().rewardPools.get(address)!, blockNumber))
        total += await value(staked.stakingToken, staked.totalStaked)
      // USD sums of large values: equal up to float rounding.
      expect(Math.abs(body.total - total) / total).toBeLessThan(1e-9)
    }
  })

  it('P7 of a token staked by a reference pool and a MasterChef counts both', async () => {
    const token = family('masterchef').stakingTokens[0]!
    const { status, body, headers } = await get(app, `/tokens/${token}/staked?chain=${CHAIN}`)
    expect(status).toBe(200)
    const blockNumber = BigInt(String(headers['x-block-numbers'] ?? headers['x-block-number']).replace(/^.*=/, ''))
    let total = 0n
    let pools = 0
    for (const pool of registry().rewardPools.values())
      for (const staked of await stakedFromChain(CHAIN, pool, blockNumber))
        if (staked.stakingToken === token) {
          total += staked.totalStaked
          pools += 1
        }
    expect(pools).toBeGreaterThan(1)
    expect(body.totalStaked).toBe(total.toString())
  })
})
