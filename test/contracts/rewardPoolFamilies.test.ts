import { type Address, erc20Abi, maxUint256 } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { masterChefAbi, multiRewardsAbi, stakingRewardsAbi, sushiTokenAbi } from '../../contracts/artifacts/index.js'
import { devnetRegistry, rewardPoolFamilyRegistry } from '../../src/devnet/index.js'
import { buildRegistry } from '../../src/registry/index.js'
import { type FundedAccount, TX_GAS, confirm, devnet, devnetChain, fundedAccount, mine, publicClientFor, revertOf, walletClientFor } from '../devnet.js'
import { masterChefPending, multiRewardsEarned, stakingRewardsEarned } from './pendingFromChain.js'

/** The pools of the public families the devnet deployed on CHAIN, used as deployed. */
const CHAIN = 43114
const pub = publicClientFor(CHAIN)
const chain = () => devnetChain(CHAIN)
const family = (kind: 'masterchef' | 'staking-rewards' | 'multi-rewards') => {
  const pool = chain().rewardPoolFamilies.pools.find((candidate) => candidate.kind === kind)
  if (!pool) throw new Error(`the devnet deployed no ${kind} pool on chain ${CHAIN}`)
  return pool
}
const deployer = () => chain().accounts[0]!.address

let alice: FundedAccount

function balanceOf(token: Address, owner: Address, blockNumber?: bigint) {
  return pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockNumber })
}

const wallet = () => walletClientFor(CHAIN, alice.account)

function approve(token: Address, spender: Address) {
  return confirm(CHAIN, wallet().writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }))
}

/**
 * Mines until a block's timestamp passes `after`'s: per-second rewards accrue only across
 * seconds, and the devnet's clock is the wall clock (blocks of one second share a timestamp).
 * The shared devnet's time is never moved.
 */
async function mineToNextSecond(after: bigint): Promise<bigint> {
  const { timestamp } = await pub.getBlock({ blockNumber: after })
  for (let tries = 0; tries < 20; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    await mine(CHAIN, 1)
    const head = await pub.getBlock()
    if (head.timestamp > timestamp) return head.number
  }
  throw new Error(`no block after ${after} got a later timestamp in 5 s`)
}

beforeAll(async () => {
  alice = await fundedAccount(CHAIN)
})

describe('SushiSwap MasterChef, as the devnet deployed it', () => {
  it('runs two staking pools paying SUSHI per block, the chef owning the token, the deployer staked in both', async () => {
    const chef = family('masterchef')
    const read = <const name extends 'poolLength' | 'sushi' | 'sushiPerBlock'>(functionName: name) =>
      pub.readContract({ address: chef.address, abi: masterChefAbi, functionName })
    expect(chef.pids).toEqual([0, 1])
    expect(await read('poolLength')).toBe(2n)
    expect(await read('sushi')).toBe(chef.rewardTokens[0])
    expect(await read('sushiPerBlock')).toBeGreaterThan(0n)
    expect(await pub.readContract({ address: chef.rewardTokens[0]!, abi: sushiTokenAbi, functionName: 'owner' })).toBe(chef.address)
    for (const pid of chef.pids) {
      const [lpToken] = await pub.readContract({ address: chef.address, abi: masterChefAbi, functionName: 'poolInfo', args: [BigInt(pid)] })
      expect(lpToken).toBe(chef.stakingTokens[pid])
      const [staked] = await pub.readContract({ address: chef.address, abi: masterChefAbi, functionName: 'userInfo', args: [BigInt(pid), deployer()] })
      expect(staked).toBeGreaterThan(0n)
      expect(
        await pub.readContract({ address: chef.address, abi: masterChefAbi, functionName: 'pendingSushi', args: [BigInt(pid), deployer()] }),
      ).toBeGreaterThan(0n)
    }
  })

  it('deposit, pendingSushi growing per block, claim with deposit(pid, 0), withdraw', async () => {
    const chef = family('masterchef')
    const [lp, sushi] = [chef.stakingTokens[0]!, chef.rewardTokens[0]!]
    const pending = (blockNumber: bigint) =>
      pub.readContract({ address: chef.address, abi: masterChefAbi, functionName: 'pendingSushi', args: [0n, alice.address], blockNumber })
    const amount = (await balanceOf(lp, alice.address)) / 2n
    await approve(lp, chef.address)
    const deposited = await confirm(
      CHAIN,
      wallet().writeContract({ gas: TX_GAS, address: chef.address, abi: masterChefAbi, functionName: 'deposit', args: [0n, amount] }),
    )
    expect(await pending(deposited.blockNumber)).toBe(0n)

    await mine(CHAIN, 3)
    const seen = await Promise.all([1n, 2n, 3n].map((blocks) => pending(deposited.blockNumber + blocks)))
    expect(seen[0]).toBeGreaterThan(0n)
    expect(seen[1]).toBeGreaterThan(seen[0]!)
    expect(seen[2]).toBeGreaterThan(seen[1]!)
    const at = deposited.blockNumber + 3n
    expect(seen[2]).toBe(await masterChefPending(CHAIN, chef.address, 0n, alice.address, { stateBlock: at, at }))

    const before = await balanceOf(sushi, alice.address)
    const claimed = await confirm(
      CHAIN,
      wallet().writeContract({ gas: TX_GAS, address: chef.address, abi: masterChefAbi, functionName: 'deposit', args: [0n, 0n] }),
    )
    const paid = await masterChefPending(CHAIN, chef.address, 0n, alice.address, { stateBlock: claimed.blockNumber - 1n, at: claimed.blockNumber })
    expect(paid).toBeGreaterThan(seen[2]!)
    expect((await balanceOf(sushi, alice.address)) - before).toBe(paid)
    expect(await pending(claimed.blockNumber)).toBe(0n)

    expect(
      await revertOf(
        pub.simulateContract({ account: alice.account, address: chef.address, abi: masterChefAbi, functionName: 'withdraw', args: [0n, amount + 1n] }),
      ),
    ).toEqual({
      errorName: 'Error',
      args: ['withdraw: not good'],
    })
    const lpBefore = await balanceOf(lp, alice.address)
    await confirm(CHAIN, wallet().writeContract({ gas: TX_GAS, address: chef.address, abi: masterChefAbi, functionName: 'withdraw', args: [0n, amount] }))
    expect((await balanceOf(lp, alice.address)) - lpBefore).toBe(amount)
    const [left] = await pub.readContract({ address: chef.address, abi: masterChefAbi, functionName: 'userInfo', args: [0n, alice.address] })
    expect(left).toBe(0n)
  })
})

describe('Synthetix StakingRewards, as the devnet deployed it', () => {
  it('is notified: a reward rate per second until a period finish ahead, the deployer staked', async () => {
    const pool = family('staking-rewards')
    const read = <const name extends 'rewardRate' | 'periodFinish' | 'rewardsToken' | 'stakingToken'>(functionName: name) =>
      pub.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName })
    expect(pool.pids).toEqual([0])
    expect(await read('rewardsToken')).toBe(pool.rewardTokens[0])
    expect(await read('stakingToken')).toBe(pool.stakingTokens[0])
    expect(await read('rewardRate')).toBeGreaterThan(0n)
    expect(await read('periodFinish')).toBeGreaterThan((await pub.getBlock()).timestamp)
    expect(await pub.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'balanceOf', args: [deployer()] })).toBeGreaterThan(0n)
  })

  it('stake, earned growing by the second, getReward, withdraw', async () => {
    const pool = family('staking-rewards')
    const [stakingToken, rewardToken] = [pool.stakingTokens[0]!, pool.rewardTokens[0]!]
    const earned = (blockNumber: bigint) =>
      pub.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'earned', args: [alice.address], blockNumber })
    const simulate = (functionName: 'stake' | 'withdraw', amount: bigint) =>
      pub.simulateContract({ account: alice.account, address: pool.address, abi: stakingRewardsAbi, functionName, args: [amount] })
    expect(await revertOf(simulate('stake', 0n))).toEqual({ errorName: 'Error', args: ['Cannot stake 0'] })
    expect(await revertOf(simulate('withdraw', 0n))).toEqual({ errorName: 'Error', args: ['Cannot withdraw 0'] })

    const amount = (await balanceOf(stakingToken, alice.address)) / 2n
    await approve(stakingToken, pool.address)
    const staked = await confirm(
      CHAIN,
      wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: stakingRewardsAbi, functionName: 'stake', args: [amount] }),
    )
    expect(await earned(staked.blockNumber)).toBe(0n)
    const later = await mineToNextSecond(staked.blockNumber)
    const grown = await earned(later)
    expect(grown).toBeGreaterThan(0n)
    expect(grown).toBe(await stakingRewardsEarned(CHAIN, pool.address, alice.address, { stateBlock: later, at: later }))

    const before = await balanceOf(rewardToken, alice.address)
    const claimed = await confirm(CHAIN, wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: stakingRewardsAbi, functionName: 'getReward' }))
    const paid = await stakingRewardsEarned(CHAIN, pool.address, alice.address, { stateBlock: claimed.blockNumber - 1n, at: claimed.blockNumber })
    expect(paid).toBeGreaterThanOrEqual(grown)
    expect((await balanceOf(rewardToken, alice.address)) - before).toBe(paid)
    expect(await earned(claimed.blockNumber)).toBe(0n)

    const stakingBefore = await balanceOf(stakingToken, alice.address)
    await confirm(CHAIN, wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: stakingRewardsAbi, functionName: 'withdraw', args: [amount] }))
    expect((await balanceOf(stakingToken, alice.address)) - stakingBefore).toBe(amount)
    expect(await pub.readContract({ address: pool.address, abi: stakingRewardsAbi, functionName: 'balanceOf', args: [alice.address] })).toBe(0n)
  })
})

describe('MultiRewards, as the devnet deployed it', () => {
  it('pays two reward tokens, each notified with its own rate and period finish, the deployer staked', async () => {
    const pool = family('multi-rewards')
    expect(pool.rewardTokens).toHaveLength(2)
    expect(await pub.readContract({ address: pool.address, abi: multiRewardsAbi, functionName: 'stakingToken' })).toBe(pool.stakingTokens[0])
    const now = (await pub.getBlock()).timestamp
    for (const [index, token] of pool.rewardTokens.entries()) {
      expect(await pub.readContract({ address: pool.address, abi: multiRewardsAbi, functionName: 'rewardTokens', args: [BigInt(index)] })).toBe(token)
      const [distributor, , periodFinish, rewardRate] = await pub.readContract({
        address: pool.address,
        abi: multiRewardsAbi,
        functionName: 'rewardData',
        args: [token],
      })
      expect(distributor).toBe(deployer())
      expect(rewardRate).toBeGreaterThan(0n)
      expect(periodFinish).toBeGreaterThan(now)
    }
    expect(await pub.readContract({ address: pool.address, abi: multiRewardsAbi, functionName: 'balanceOf', args: [deployer()] })).toBeGreaterThan(0n)
  })

  it('stake, earned(account, token) growing for both tokens, getReward paying both, withdraw', async () => {
    const pool = family('multi-rewards')
    const stakingToken = pool.stakingTokens[0]!
    const earned = (token: Address, blockNumber: bigint) =>
      pub.readContract({ address: pool.address, abi: multiRewardsAbi, functionName: 'earned', args: [alice.address, token], blockNumber })
    const simulate = (functionName: 'stake' | 'withdraw', amount: bigint) =>
      pub.simulateContract({ account: alice.account, address: pool.address, abi: multiRewardsAbi, functionName, args: [amount] })
    expect(await revertOf(simulate('stake', 0n))).toEqual({ errorName: 'Error', args: ['Cannot stake 0'] })
    expect(await revertOf(simulate('withdraw', 0n))).toEqual({ errorName: 'Error', args: ['Cannot withdraw 0'] })
    expect(await revertOf(simulate('withdraw', 1n))).toEqual({ errorName: 'Error', args: ['SafeMath: subtraction overflow'] })

    // As much as the deployer staked, a stake of the size the pool already holds.
    const amount = await pub.readContract({ address: pool.address, abi: multiRewardsAbi, functionName: 'balanceOf', args: [deployer()] })
    await approve(stakingToken, pool.address)
    const staked = await confirm(
      CHAIN,
      wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: multiRewardsAbi, functionName: 'stake', args: [amount] }),
    )
    const later = await mineToNextSecond(staked.blockNumber)
    for (const token of pool.rewardTokens) {
      expect(await earned(token, staked.blockNumber)).toBe(0n)
      const grown = await earned(token, later)
      expect(grown).toBeGreaterThan(0n)
      expect(grown).toBe(await multiRewardsEarned(CHAIN, pool.address, alice.address, token, { stateBlock: later, at: later }))
    }

    const before = await Promise.all(pool.rewardTokens.map((token) => balanceOf(token, alice.address)))
    const claimed = await confirm(CHAIN, wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: multiRewardsAbi, functionName: 'getReward' }))
    for (const [index, token] of pool.rewardTokens.entries()) {
      const paid = await multiRewardsEarned(CHAIN, pool.address, alice.address, token, { stateBlock: claimed.blockNumber - 1n, at: claimed.blockNumber })
      expect(paid).toBeGreaterThan(0n)
      expect((await balanceOf(token, alice.address)) - before[index]!).toBe(paid)
      expect(await earned(token, claimed.blockNumber)).toBe(0n)
    }

    const stakingBefore = await balanceOf(stakingToken, alice.address)
    await confirm(CHAIN, wallet().writeContract({ gas: TX_GAS, address: pool.address, abi: multiRewardsAbi, functionName: 'withdraw', args: [amount] }))
    expect((await balanceOf(stakingToken, alice.address)) - stakingBefore).toBe(amount)
  })
})

describe('registry entries of the family pools', () => {
  it('are part of the devnet registry with their kind: SUSHI priced through its pair, metadata complete', () => {
    const file = devnetRegistry(devnet())
    for (const manifest of Object.values(devnet().chains)) {
      const families = rewardPoolFamilyRegistry(manifest)
      expect(families.rewardPools.map((pool) => pool.kind)).toEqual(['masterchef', 'staking-rewards', 'multi-rewards'])
    }
    const registry = buildRegistry(file, 'devnet registry')
    const onChain = registry.chains.get(CHAIN)!
    for (const pool of chain().rewardPoolFamilies.pools) expect(onChain.rewardPools.get(pool.address)?.kind).toBe(pool.kind)
    expect(onChain.tokens.get(chain().rewardPoolFamilies.tokens.SUSHI!)?.price).toEqual({ pair: chain().rewardPoolFamilies.pairs[0]!.address })
  })
})
