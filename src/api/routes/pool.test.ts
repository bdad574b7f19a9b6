import { erc20Abi, parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rewardPoolAbi } from '../../../contracts/artifacts/index.js'
import { post, sendDescriptor, testApp } from '../../../test/app.js'
import { devnetChain, fundedAccount, mine, publicClientFor, type FundedAccount } from '../../../test/devnet.js'
import type { App } from '../deps.js'

const CHAIN = 56
const client = () => publicClientFor(CHAIN)
const pools = () => devnetChain(CHAIN).rewardPools
/** The devnet's pools: claims open, claims far ahead, and one that has ended. */
const claimable = () => pools()[0]!
const claimLocked = () => pools()[1]!
const ended = () => pools()[2]!

const userInfo = (pool: Address, pid: bigint, user: Address) =>
  client().readContract({ address: pool, abi: rewardPoolAbi, functionName: 'userInfo', args: [pid, user] })
const pendingRewards = (pool: Address, pid: bigint, user: Address, blockNumber: bigint) =>
  client().readContract({ address: pool, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [pid, user], blockNumber })
const balanceOf = (token: Address, owner: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

let app: App
let user: FundedAccount
beforeAll(async () => {
  app = await testApp()
  user = await fundedAccount(CHAIN)
})
afterAll(() => app.close())

describe('staking pool actions, end to end through HTTP', () => {
  const amount = parseUnits('250', 18)
  const url = (pool: Address, pid: number, action: string) => `/pool/${pool}/${pid}/${action}`

  it('P1 stake: approval first, then userInfo and P4 show the stake', async () => {
    const pool = claimable().address
    const { status, body, headers } = await post(app, url(pool, 0, 'tx/stake'), { user: user.address, amount: amount.toString(), chainId: CHAIN })
    expect(status).toBe(200)
    expect(headers['x-block-number']).toMatch(/^[0-9]+$/)
    expect(body).toMatchObject({ to: pool, chainId: CHAIN, from: user.address })
    expect(body, 'no native coin sent: no value').not.toHaveProperty('value')
    expect(body.approvals).toHaveLength(1)
    expect(body.approvals[0].to).toBe(claimable().stakingTokens[0])
    await sendDescriptor(user.account, body)
    const [staked] = await userInfo(pool, 0n, user.address)
    expect(staked).toBe(amount)
    const p4 = await app.inject({ method: 'POST', url: url(pool, 0, 'call/user-staked'), payload: { user: user.address, chainId: CHAIN } })
    expect(p4.headers['content-type']).toMatch(/^application\/json/)
    expect(p4.json()).toBe(amount.toString())
    expect(p4.headers['x-block-number']).toMatch(/^[0-9]+$/)
  })

  it('P5 pending rewards grow as blocks advance and match pendingRewards at the same block', async () => {
    const pool = claimable().address
    const first = await post(app, url(pool, 0, 'call/pending-rewards'), { user: user.address, chainId: CHAIN })
    await mine(CHAIN, 3)
    const second = await post(app, url(pool, 0, 'call/pending-rewards'), { user: user.address, chainId: CHAIN })
    expect(BigInt(second.body)).toBeGreaterThan(BigInt(first.body))
    const blockNumber = BigInt(second.headers['x-block-number'] as string)
    const direct = await pendingRewards(pool, 0n, user.address, blockNumber)
    expect(second.body).toBe(direct[0]!.toString())
  })

  it('P2 unstake inside the unstake delay is a 422 saying from which block it works', async () => {
    const pool = claimable().address
    await post(app, url(pool, 0, 'tx/stake'), { user: user.address, amount: '1', chainId: CHAIN }).then(({ body }) => sendDescriptor(user.account, body))
    const [, lastStakeBlock] = await userInfo(pool, 0n, user.address)
    const delay = await client().readContract({ address: pool, abi: rewardPoolAbi, functionName: 'unstakeDelayDuration' })
    const { status, body } = await post(app, url(pool, 0, 'tx/unstake'), { user: user.address, amount: '1', chainId: String(CHAIN) })
    expect(status).toBe(422)
    expect(body.revert).toEqual({ name: 'UnstakeLocked', args: { untilBlock: (lastStakeBlock + delay).toString() }, message: expect.any(String) })
    expect(body.detail).toContain(`unstaking works from block ${lastStakeBlock + delay}`)
  })

  it('P2 unstake after the delay returns the tokens; more than staked is a 422', async () => {
    const pool = claimable().address
    await mine(CHAIN, 6)
    const token = claimable().stakingTokens[0]!
    const before = await balanceOf(token, user.address)
    const { status, body } = await post(app, url(pool, 0, 'tx/unstake'), { user: user.address, amount: '100', chainId: CHAIN })
    expect(status).toBe(200)
    expect(body.approvals).toBeUndefined()
    await sendDescriptor(user.account, body)
    expect((await balanceOf(token, user.address)) - before).toBe(100n)
    const tooMuch = await post(app, url(pool, 0, 'tx/unstake'), { user: user.address, amount: (amount * 10n).toString(), chainId: CHAIN })
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body.revert.name).toBe('InsufficientStake')
  })

  it('P3 claim pays the first reward token', async () => {
    const pool = claimable().address
    const rewardToken = claimable().rewardTokens[0]!
    const before = await balanceOf(rewardToken, user.address)
    const { status, body } = await post(app, url(pool, 0, 'tx/claim'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(rewardToken, user.address)).toBeGreaterThan(before)
  })

  it('P3 claim before the claim delay is a 422 saying from which block it works', async () => {
    const pool = claimLocked().address
    const claimDelay = await client().readContract({ address: pool, abi: rewardPoolAbi, functionName: 'claimDelay' })
    const { status, body } = await post(app, url(pool, 0, 'tx/claim'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(422)
    expect(body.revert.name).toBe('ClaimNotYetAllowed')
    expect(body.detail).toContain(`claiming works from block ${claimDelay}`)
  })

  it('P1 above the deposit cap while it is valid is a 422 naming DepositCapExceeded', async () => {
    const pool = claimable().address
    const [, , depositCap] = await client().readContract({ address: pool, abi: rewardPoolAbi, functionName: 'poolInfo', args: [1n] })
    expect(depositCap).toBeGreaterThan(0n)
    const { status, body } = await post(app, url(pool, 1, 'tx/stake'), { user: user.address, amount: (depositCap + 1n).toString(), chainId: CHAIN })
    expect(status).toBe(422)
    expect(body.revert).toMatchObject({ name: 'DepositCapExceeded', args: { cap: depositCap.toString() } })
  })

  it('P1 into a pool that has ended is a 422 naming PoolEnded', async () => {
    const { status, body } = await post(app, url(ended().address, 0, 'tx/stake'), { user: user.address, amount: '1000', chainId: CHAIN })
    expect(status).toBe(422)
    expect(body.revert.name).toBe('PoolEnded')
  })
})

describe('staking pool validation', () => {
  it('an unknown pool is a 404 naming the chain; a pid it lacks is a 404', async () => {
    const unknown = await post(app, '/pool/0x000000000000000000000000000000000000dEaD/0/call/user-staked', { user: user.address, chainId: CHAIN })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'POOL_NOT_FOUND', detail: expect.stringContaining('chain 56') })
    const pid = await post(app, `/pool/${claimable().address}/99/call/user-staked`, { user: user.address, chainId: CHAIN })
    expect(pid.status).toBe(404)
    expect(pid.body.detail).toContain('no staking pool with pid 99')
  })

  it('a pid that is not a non-negative integer is a 400 on the path', async () => {
    const response = await post(app, `/pool/${claimable().address}/-1/tx/claim`, { user: user.address, chainId: CHAIN })
    expect(response.status).toBe(400)
    expect(response.body.errors[0].path).toBe('/params/pid')
  })

  it('an amount of 0 is a 400, not a descriptor', async () => {
    const response = await post(app, `/pool/${claimable().address}/0/tx/stake`, { user: user.address, amount: '0', chainId: CHAIN })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ code: 'INVALID_AMOUNT', errors: [{ path: '/body/amount' }] })
  })
})
