import type { Address, PublicClient } from 'viem'
import { masterChefAbi, multiRewardsAbi, rewardPoolAbi, stakingRewardsAbi } from '../contracts/artifacts/index.js'

// What a staker of each reward pool family holds and could claim, and the block of a time: the
// test's own reads for the figures of devnetFigures.test.ts.

/** The last block at or before `time` (seconds), by bisection over the test's own header reads. */
export async function blockAt(client: PublicClient, time: number): Promise<{ number: bigint; timestamp: number }> {
  let [low, high] = [0n, await client.getBlockNumber()]
  while (high - low > 1n) {
    const middle = (low + high) / 2n
    if (Number((await client.getBlock({ blockNumber: middle })).timestamp) <= time) low = middle
    else high = middle
  }
  return { number: low, timestamp: Number((await client.getBlock({ blockNumber: low })).timestamp) }
}

export type Pool = { kind: string; address: Address; rewardTokens: Address[] }

/** What `user` could claim from `pool`'s staking pool `pid` at `blockNumber`, per reward token, from each family's own function. */
export async function pending(client: PublicClient, pool: Pool, pid: number, user: Address, blockNumber: bigint): Promise<bigint[]> {
  const at = { address: pool.address, blockNumber }
  switch (pool.kind) {
    case 'masterchef':
      return [await client.readContract({ ...at, abi: masterChefAbi, functionName: 'pendingSushi', args: [BigInt(pid), user] })]
    case 'staking-rewards':
      return [await client.readContract({ ...at, abi: stakingRewardsAbi, functionName: 'earned', args: [user] })]
    case 'multi-rewards':
      return Promise.all(pool.rewardTokens.map((token) => client.readContract({ ...at, abi: multiRewardsAbi, functionName: 'earned', args: [user, token] })))
    default:
      return [...(await client.readContract({ ...at, abi: rewardPoolAbi, functionName: 'pendingRewards', args: [BigInt(pid), user] }))]
  }
}

/** What `user` has staked in `pool`'s staking pool `pid` (staking token wei). */
export async function stakeOf(client: PublicClient, pool: Pool, pid: number, user: Address, blockNumber: bigint): Promise<bigint> {
  const at = { address: pool.address, blockNumber }
  switch (pool.kind) {
    case 'masterchef':
      return (await client.readContract({ ...at, abi: masterChefAbi, functionName: 'userInfo', args: [BigInt(pid), user] }))[0]
    case 'staking-rewards':
      return client.readContract({ ...at, abi: stakingRewardsAbi, functionName: 'balanceOf', args: [user] })
    case 'multi-rewards':
      return client.readContract({ ...at, abi: multiRewardsAbi, functionName: 'balanceOf', args: [user] })
    default:
      return (await client.readContract({ ...at, abi: rewardPoolAbi, functionName: 'userInfo', args: [BigInt(pid), user] }))[0]
  }
}
