import { type Address, erc20Abi } from 'viem'
import { masterChefAbi, multiRewardsAbi, stakingRewardsAbi } from '../../contracts/artifacts/index.js'
import { publicClientFor } from '../devnet.js'

/**
 * The test's own pending rewards of the public reward pool families, from raw storage reads and
 * the published accrual formulas, none of the contracts' pending views. `stateBlock` is the block
 * whose state is read; `at` is the block the rewards are counted up to (its number for MasterChef,
 * its timestamp for the Synthetix families): the same block for a read, the next one for what a
 * transaction mined in it pays.
 */
export type At = { stateBlock: bigint; at: bigint }

const WAD = 10n ** 18n

/** SUSHI (wei) `user` has pending in pid `pid` of a MasterChef v1 as of block `at`. */
export async function masterChefPending(chainId: number, chef: Address, pid: bigint, user: Address, { stateBlock, at }: At): Promise<bigint> {
  const pub = publicClientFor(chainId)
  const read = { address: chef, abi: masterChefAbi, blockNumber: stateBlock } as const
  const [[lpToken, allocPoint, lastRewardBlock, accSushiPerShare], [amount, rewardDebt], totalAllocPoint, sushiPerBlock, bonusEndBlock, bonusMultiplier] =
    await Promise.all([
      pub.readContract({ ...read, functionName: 'poolInfo', args: [pid] }),
      pub.readContract({ ...read, functionName: 'userInfo', args: [pid, user] }),
      pub.readContract({ ...read, functionName: 'totalAllocPoint' }),
      pub.readContract({ ...read, functionName: 'sushiPerBlock' }),
      pub.readContract({ ...read, functionName: 'bonusEndBlock' }),
      pub.readContract({ ...read, functionName: 'BONUS_MULTIPLIER' }),
    ])
  const lpSupply = await pub.readContract({ address: lpToken, abi: erc20Abi, functionName: 'balanceOf', args: [chef], blockNumber: stateBlock })
  let acc = accSushiPerShare
  if (at > lastRewardBlock && lpSupply !== 0n) {
    // Blocks before `bonusEndBlock` count BONUS_MULTIPLIER times.
    const bonusBlocks = (at < bonusEndBlock ? at : bonusEndBlock) - (lastRewardBlock < bonusEndBlock ? lastRewardBlock : bonusEndBlock)
    const blocks = at - lastRewardBlock - bonusBlocks + bonusBlocks * bonusMultiplier
    acc += (((blocks * sushiPerBlock * allocPoint) / totalAllocPoint) * 10n ** 12n) / lpSupply
  }
  return (amount * acc) / 10n ** 12n - rewardDebt
}

type Accumulator = { rewardRate: bigint; periodFinish: bigint; lastUpdateTime: bigint; rewardPerTokenStored: bigint }

/** Synthetix accrual: reward per staked token (1e18 scale) grows by rate × seconds ÷ total staked until `periodFinish`. */
function earnedAt(acc: Accumulator, totalSupply: bigint, balance: bigint, paid: bigint, owed: bigint, timestamp: bigint): bigint {
  const applicable = timestamp < acc.periodFinish ? timestamp : acc.periodFinish
  const perToken =
    totalSupply === 0n ? acc.rewardPerTokenStored : acc.rewardPerTokenStored + ((applicable - acc.lastUpdateTime) * acc.rewardRate * WAD) / totalSupply
  return (balance * (perToken - paid)) / WAD + owed
}

async function timestampOf(chainId: number, blockNumber: bigint): Promise<bigint> {
  return (await publicClientFor(chainId).getBlock({ blockNumber })).timestamp
}

/** Reward token (wei) `account` has earned in a Synthetix StakingRewards as of block `at`'s timestamp. */
export async function stakingRewardsEarned(chainId: number, pool: Address, account: Address, { stateBlock, at }: At): Promise<bigint> {
  const pub = publicClientFor(chainId)
  const read = { address: pool, abi: stakingRewardsAbi, blockNumber: stateBlock } as const
  const [rewardRate, periodFinish, lastUpdateTime, rewardPerTokenStored, totalSupply, balance, paid, owed, timestamp] = await Promise.all([
    pub.readContract({ ...read, functionName: 'rewardRate' }),
    pub.readContract({ ...read, functionName: 'periodFinish' }),
    pub.readContract({ ...read, functionName: 'lastUpdateTime' }),
    pub.readContract({ ...read, functionName: 'rewardPerTokenStored' }),
    pub.readContract({ ...read, functionName: 'totalSupply' }),
    pub.readContract({ ...read, functionName: 'balanceOf', args: [account] }),
    pub.readContract({ ...read, functionName: 'userRewardPerTokenPaid', args: [account] }),
    pub.readContract({ ...read, functionName: 'rewards', args: [account] }),
    timestampOf(chainId, at),
  ])
  return earnedAt({ rewardRate, periodFinish, lastUpdateTime, rewardPerTokenStored }, totalSupply, balance, paid, owed, timestamp)
}

/** Wei of `rewardToken` `account` has earned in a MultiRewards as of block `at`'s timestamp. */
export async function multiRewardsEarned(chainId: number, pool: Address, account: Address, rewardToken: Address, { stateBlock, at }: At): Promise<bigint> {
  const pub = publicClientFor(chainId)
  const read = { address: pool, abi: multiRewardsAbi, blockNumber: stateBlock } as const
  const [[, , periodFinish, rewardRate, lastUpdateTime, rewardPerTokenStored], totalSupply, balance, paid, owed, timestamp] = await Promise.all([
    pub.readContract({ ...read, functionName: 'rewardData', args: [rewardToken] }),
    pub.readContract({ ...read, functionName: 'totalSupply' }),
    pub.readContract({ ...read, functionName: 'balanceOf', args: [account] }),
    pub.readContract({ ...read, functionName: 'userRewardPerTokenPaid', args: [account, rewardToken] }),
    pub.readContract({ ...read, functionName: 'rewards', args: [account, rewardToken] }),
    timestampOf(chainId, at),
  ])
  return earnedAt({ rewardRate, periodFinish, lastUpdateTime, rewardPerTokenStored }, totalSupply, balance, paid, owed, timestamp)
}
