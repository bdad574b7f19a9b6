import { type Address, erc20Abi } from 'viem'
import { masterChefAbi, multiRewardsAbi, rewardPoolAbi, stakingRewardsAbi } from '../contracts/artifacts/index.js'
import type { Registered, RewardPoolEntry } from '../src/registry/index.js'
import { publicClientFor } from './devnet.js'

/** One staking pool's staking token and total staked (wei), read directly. */
export interface StakedRead {
  pid: number
  stakingToken: Address
  totalStaked: bigint
}

/**
 * The test's own reads of what each staking pool of a registered reward pool holds at
 * `blockNumber`, by family and from the contracts' raw getters: reference `poolInfo.totalStaked`,
 * MasterChef the staking token's balance held by the chef, Synthetix families `totalSupply()`.
 */
export async function stakedFromChain(chainId: number, pool: Registered<RewardPoolEntry>, blockNumber: bigint): Promise<StakedRead[]> {
  const client = publicClientFor(chainId)
  const at = { address: pool.address, blockNumber } as const
  switch (pool.kind ?? 'reference') {
    case 'reference': {
      const length = await client.readContract({ ...at, abi: rewardPoolAbi, functionName: 'poolLength' })
      const reads: StakedRead[] = []
      for (let pid = 0n; pid < length; pid++) {
        const [stakingToken, , , , totalStaked] = await client.readContract({ ...at, abi: rewardPoolAbi, functionName: 'poolInfo', args: [pid] })
        reads.push({ pid: Number(pid), stakingToken, totalStaked })
      }
      return reads
    }
    case 'masterchef': {
      const length = await client.readContract({ ...at, abi: masterChefAbi, functionName: 'poolLength' })
      const reads: StakedRead[] = []
      for (let pid = 0n; pid < length; pid++) {
        const [stakingToken] = await client.readContract({ ...at, abi: masterChefAbi, functionName: 'poolInfo', args: [pid] })
        const totalStaked = await client.readContract({ address: stakingToken, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address], blockNumber })
        reads.push({ pid: Number(pid), stakingToken, totalStaked })
      }
      return reads
    }
    case 'staking-rewards':
      return [
        {
          pid: 0,
          stakingToken: await client.readContract({ ...at, abi: stakingRewardsAbi, functionName: 'stakingToken' }),
          totalStaked: await client.readContract({ ...at, abi: stakingRewardsAbi, functionName: 'totalSupply' }),
        },
      ]
    case 'multi-rewards':
      return [
        {
          pid: 0,
          stakingToken: await client.readContract({ ...at, abi: multiRewardsAbi, functionName: 'stakingToken' }),
          totalStaked: await client.readContract({ ...at, abi: multiRewardsAbi, functionName: 'totalSupply' }),
        },
      ]
  }
}
