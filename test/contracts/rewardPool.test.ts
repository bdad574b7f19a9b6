import { type Address, erc20Abi, maxUint256, parseEther, zeroAddress } from 'viem'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoTokenAbi, demoTokenBytecode, rewardPoolAbi, rewardPoolBytecode } from '../../contracts/artifacts/index.js'
import { type FundedAccount, TX_GAS, confirm, deploy, devnetChain, fundedAccount, mine, publicClientFor, revertOf, walletClientFor } from '../devnet.js'

const CHAIN = 56
const pub = publicClientFor(CHAIN)
const FAR = 100_000_000n
const RATE0 = parseEther('4') // reward token 0 per block, divisible by the alloc split
const RATE1 = parseEther('8')

let alice: FundedAccount
let stakeToken: Address
let rewards: [Address, Address]

type PoolOptions = Partial<{
  startBlock: bigint
  endBlock: bigint
  claimDelay: bigint
  unstakeDelayDuration: bigint
  protocolFee: bigint
  withdrawPenaltyFee: bigint
  withdrawPenaltyBlock: bigint
}>

/** A fresh pool owned by alice, its reward vault funded through the faucet, with one fee manager per pool. */
async function newPool(options: PoolOptions, stakingPools: { allocPoint: bigint; depositCap?: bigint }[]) {
  const feeManager = privateKeyToAccount(generatePrivateKey()).address
  const config = {
    rewardTokens: rewards,
    rewardPerBlock: [RATE0, RATE1],
    startBlock: 1n,
    endBlock: FAR,
    claimDelay: 1n,
    unstakeDelayDuration: 5n,
    feeManager,
    protocolFee: 0n,
    withdrawPenaltyFee: 0n,
    withdrawPenaltyBlock: 0n,
    compoundEnabled: false,
    ...options,
  }
  const pool = await deploy(CHAIN, alice.account, { abi: rewardPoolAbi, bytecode: rewardPoolBytecode, args: [config] })
  const wallet = walletClientFor(CHAIN, alice.account)
  const rewardVault = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'rewardVault' })
  for (const token of rewards) {
    await confirm(CHAIN, wallet.writeContract({ address: token, abi: demoTokenAbi, functionName: 'mint', args: [rewardVault, parseEther('1000000000')] }))
  }
  for (const s of stakingPools) {
    const cap = s.depositCap ?? 0n
    await confirm(
      CHAIN,
      wallet.writeContract({
        gas: TX_GAS,
        address: pool,
        abi: rewardPoolAbi,
        functionName: 'addPool',
        args: [stakeToken, s.allocPoint, cap, cap > 0n ? FAR : 0n, [rewards[0], stakeToken]],
      }),
    )
  }
  await confirm(CHAIN, wallet.writeContract({ address: stakeToken, abi: erc20Abi, functionName: 'approve', args: [pool, maxUint256] }))
  return { pool, feeManager }
}

function stake(pool: Address, pid: bigint, amount: bigint) {
  return confirm(
    CHAIN,
    walletClientFor(CHAIN, alice.account).writeContract({ gas: TX_GAS, address: pool, abi: rewardPoolAbi, functionName: 'stake', args: [pid, amount] }),
  )
}

function simulate(pool: Address, functionName: 'stake' | 'unstake', args: readonly [bigint, bigint]) {
  return pub.simulateContract({ account: alice.account, address: pool, abi: rewardPoolAbi, functionName, args })
}

function balanceOf(token: Address, owner: Address) {
  return pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

beforeAll(async () => {
  alice = await fundedAccount(CHAIN)
  const token = (symbol: string) => deploy(CHAIN, alice.account, { abi: demoTokenAbi, bytecode: demoTokenBytecode, args: [symbol, symbol, 18] })
  stakeToken = await token('STK')
  rewards = [await token('RWA'), await token('RWB')]
  await confirm(
    CHAIN,
    walletClientFor(CHAIN, alice.account).writeContract({
      address: stakeToken,
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [alice.address, parseEther('1000000')],
    }),
  )
})

describe('RewardPool', () => {
  it('accrues every reward token per block, split by allocation points', async () => {
    const { pool } = await newPool({}, [{ allocPoint: 100n }, { allocPoint: 300n }])
    const r0 = await stake(pool, 0n, parseEther('1000'))
    const r1 = await stake(pool, 1n, parseEther('1000'))
    await mine(CHAIN, 10)
    const at = r1.blockNumber + 10n
    const pending0 = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [0n, alice.address], blockNumber: at })
    const pending1 = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [1n, alice.address], blockNumber: at })
    const blocks0 = at - r0.blockNumber
    expect(pending0).toEqual([(blocks0 * RATE0) / 4n, (blocks0 * RATE1) / 4n])
    expect(pending1).toEqual([(10n * RATE0 * 3n) / 4n, (10n * RATE1 * 3n) / 4n])

    const info = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'poolInfo', args: [1n] })
    expect(info).toEqual([stakeToken, 300n, 0n, 0n, parseEther('1000'), 1n])
    expect(await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'totalAllocPoint' })).toBe(400n)
    expect(await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'totalReward' })).toEqual([RATE0 * (FAR - 1n), RATE1 * (FAR - 1n)])
  })

  it('keeps rewards pending across unstake, and claim pays them minus the protocol fee', async () => {
    const { pool, feeManager } = await newPool({ protocolFee: 1_000n, unstakeDelayDuration: 0n }, [{ allocPoint: 1n }])
    const staked = await stake(pool, 0n, parseEther('10'))
    const wallet = walletClientFor(CHAIN, alice.account)
    const unstaked = await confirm(
      CHAIN,
      wallet.writeContract({ gas: TX_GAS, address: pool, abi: rewardPoolAbi, functionName: 'unstake', args: [0n, parseEther('10')] }),
    )
    const before = await balanceOf(rewards[0], alice.address)
    await confirm(CHAIN, wallet.writeContract({ gas: TX_GAS, address: pool, abi: rewardPoolAbi, functionName: 'claim', args: [0n] }))
    const earned = (unstaked.blockNumber - staked.blockNumber) * RATE0
    expect(await balanceOf(rewards[0], feeManager)).toBe(earned / 10n)
    expect((await balanceOf(rewards[0], alice.address)) - before).toBe(earned - earned / 10n)
    expect(await balanceOf(rewards[1], feeManager)).toBe(((unstaked.blockNumber - staked.blockNumber) * RATE1) / 10n)
    const [, , , , , participants] = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'poolInfo', args: [0n] })
    expect(participants).toBe(0n)
  })

  it('locks a stake for the unstake delay, then allows it', async () => {
    const { pool } = await newPool({ unstakeDelayDuration: 5n }, [{ allocPoint: 1n }])
    const r = await stake(pool, 0n, parseEther('1'))
    expect(await revertOf(simulate(pool, 'unstake', [0n, parseEther('1')]))).toEqual({ errorName: 'UnstakeLocked', args: [r.blockNumber + 5n] })
    expect(await revertOf(simulate(pool, 'unstake', [0n, parseEther('2')]))).toEqual({
      errorName: 'InsufficientStake',
      args: [parseEther('1'), parseEther('2')],
    })
    expect(await revertOf(simulate(pool, 'stake', [0n, 0n]))).toEqual({ errorName: 'ZeroAmount', args: [] })
    await mine(CHAIN, 5)
    await expect(simulate(pool, 'unstake', [0n, parseEther('1')])).resolves.toBeDefined()
  })

  it('rejects a stake above the per-user deposit cap while the cap is valid', async () => {
    const { pool } = await newPool({}, [{ allocPoint: 1n, depositCap: parseEther('500') }])
    await stake(pool, 0n, parseEther('400'))
    expect(await revertOf(simulate(pool, 'stake', [0n, parseEther('200')]))).toEqual({
      errorName: 'DepositCapExceeded',
      args: [parseEther('500'), parseEther('600')],
    })
    await expect(simulate(pool, 'stake', [0n, parseEther('100')])).resolves.toBeDefined()
  })

  it('rejects a claim before the claim delay', async () => {
    const { pool } = await newPool({ claimDelay: FAR - 1n }, [{ allocPoint: 1n }])
    await stake(pool, 0n, parseEther('1'))
    const call = pub.simulateContract({ account: alice.account, address: pool, abi: rewardPoolAbi, functionName: 'claim', args: [0n] })
    expect(await revertOf(call)).toEqual({ errorName: 'ClaimNotYetAllowed', args: [FAR - 1n] })
  })

  it('rejects a stake once the pool has ended, and stops accruing at the end block', async () => {
    const now = await pub.getBlockNumber()
    const { pool } = await newPool({ startBlock: now, endBlock: now + 12n }, [{ allocPoint: 1n }])
    const r = await stake(pool, 0n, parseEther('1'))
    await mine(CHAIN, 20)
    expect(await revertOf(simulate(pool, 'stake', [0n, parseEther('1')]))).toEqual({ errorName: 'PoolEnded', args: [now + 12n] })
    const pending = await pub.readContract({ address: pool, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [0n, alice.address] })
    expect(pending[0]).toBe((now + 12n - r.blockNumber) * RATE0)
  })

  it('takes the withdraw penalty before the penalty block', async () => {
    const { pool, feeManager } = await newPool({ withdrawPenaltyFee: 100n, withdrawPenaltyBlock: FAR, unstakeDelayDuration: 0n }, [{ allocPoint: 1n }])
    await stake(pool, 0n, parseEther('100'))
    const before = await balanceOf(stakeToken, alice.address)
    await confirm(
      CHAIN,
      walletClientFor(CHAIN, alice.account).writeContract({
        gas: TX_GAS,
        address: pool,
        abi: rewardPoolAbi,
        functionName: 'unstake',
        args: [0n, parseEther('100')],
      }),
    )
    expect(await balanceOf(stakeToken, feeManager)).toBe(parseEther('1'))
    expect((await balanceOf(stakeToken, alice.address)) - before).toBe(parseEther('99'))
  })
})

describe('devnet reward pools', () => {
  const chain = () => devnetChain(CHAIN)

  it('has an ended pool that rejects stakes and a pool whose claims are far ahead', async () => {
    const [open, locked, ended] = chain().rewardPools
    const read = <fn extends 'endBlock' | 'claimDelay' | 'startBlock'>(address: Address, functionName: fn) =>
      pub.readContract({ address, abi: rewardPoolAbi, functionName })
    const block = await pub.getBlockNumber()
    expect(await read(ended!.address, 'endBlock')).toBeLessThan(block)
    expect(await read(open!.address, 'endBlock')).toBeGreaterThan(block + 1_000_000n)
    expect(await read(open!.address, 'claimDelay')).toBeLessThanOrEqual(block)
    expect(await read(locked!.address, 'claimDelay')).toBeGreaterThan(block + 1_000_000n)

    const user = await fundedAccount(CHAIN)
    const stakingToken = ended!.stakingTokens[0]!
    await confirm(
      CHAIN,
      walletClientFor(CHAIN, user.account).writeContract({ address: stakingToken, abi: erc20Abi, functionName: 'approve', args: [ended!.address, maxUint256] }),
    )
    const stakeCall = pub.simulateContract({ account: user.account, address: ended!.address, abi: rewardPoolAbi, functionName: 'stake', args: [0n, 1000n] })
    expect((await revertOf(stakeCall)).errorName).toBe('PoolEnded')
    const claimCall = pub.simulateContract({ account: user.account, address: locked!.address, abi: rewardPoolAbi, functionName: 'claim', args: [0n] })
    expect((await revertOf(claimCall)).errorName).toBe('ClaimNotYetAllowed')
    // The deployer staked into the ended pool while it ran: it has rewards to show.
    const totals = await Promise.all(
      ended!.pids.map((pid) => pub.readContract({ address: ended!.address, abi: rewardPoolAbi, functionName: 'poolInfo', args: [BigInt(pid)] })),
    )
    expect(totals.every(([, , , , totalStaked, participants]) => totalStaked > 0n && participants === 1n)).toBe(true)
    expect(zeroAddress).not.toBe(ended!.rewardVault)
  })
})
