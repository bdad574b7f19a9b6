import { type Address, maxUint256, parseEther } from 'viem'
import {
  demoTokenAbi,
  masterChefAbi,
  masterChefBytecode,
  multiRewardsAbi,
  multiRewardsBytecode,
  stakingRewardsAbi,
  stakingRewardsBytecode,
  sushiTokenAbi,
  sushiTokenBytecode,
  uniswapV2Router02Abi,
} from '../../contracts/artifacts/index.js'
import { type ChainContext, bps, pair, token } from './deployContext.js'
import { pairAddressOf } from './deployUniswap.js'
import type { DevnetChainManifest } from './manifest.js'
import { PAIR_SIDE_USD, tokensForUsd } from './specs.js'

type Families = DevnetChainManifest['rewardPoolFamilies']
type FamilyPool = Families['pools'][number]

/** SUSHI (wei) the chef mints per block for its pools; it mints a tenth more to `devaddr`. */
const SUSHI_PER_BLOCK = parseEther('0.1')
/** USD price of SUSHI (8 decimals), set by the SUSHI/W pair the devnet seeds. */
const SUSHI_PRICE = 100_000_000n
/** StakingRewards and MultiRewards pay each notified amount over this many seconds (Synthetix's default is 7 days). */
const REWARDS_DURATION = 365n * 24n * 60n * 60n
const STAKE_USD = 50_000n

/** The chef's staking pools in pid order, staking what reference pools also stake (P6/P7 count each pool once). */
const CHEF_POOLS = [
  { staking: 'YLD/W', allocPoint: 300n, stakeBps: 100n },
  { staking: 'GOV', allocPoint: 100n },
]
/** Reward amounts are whole USD paid over one REWARDS_DURATION; LP stakes are basis points of the pair's first LP supply. */
const STAKING_REWARDS = { staking: 'YLD/USDC', stakeBps: 200n, reward: { symbol: 'YLD', usdPerDuration: 20_000n } }
const MULTI_REWARDS = {
  staking: 'SAT',
  rewards: [
    { symbol: 'GOV', usdPerDuration: 15_000n },
    { symbol: 'USDC', usdPerDuration: 5_000n },
  ],
}

/**
 * Queues one pool of each public family on the chain, each with a stake of the deployer (dev
 * account 0) and rewards running: SushiSwap's MasterChef paying its own SushiToken per block
 * (priced by a SUSHI/W pair), Synthetix's StakingRewards and our MultiRewards, both notified so
 * that `rewardRate` > 0 until `periodFinish`, a year ahead. Runs after every other deployment,
 * so the addresses of the reference contracts stay as they were.
 */
export async function deployRewardPoolFamilies(ctx: ChainContext, factory: Address): Promise<Families> {
  const { sushi, sushiPair, pool: chef } = await deployMasterChef(ctx, factory)
  return {
    pools: [chef, await deployStakingRewards(ctx), await deployMultiRewards(ctx)],
    tokens: { SUSHI: sushi },
    pairs: [sushiPair],
  }
}

/** Amount of a token (symbol) or LP token (pair key) the deployer stakes. */
function stakeAmount(ctx: ChainContext, staking: string, stakeBps = 100n): bigint {
  if (staking.includes('/')) return bps(pair(ctx, staking).lpSupply, stakeBps)
  const t = token(ctx, staking)
  return tokensForUsd(STAKE_USD, t.price, t.decimals)
}

function stakingAddress(ctx: ChainContext, staking: string): Address {
  return staking.includes('/') ? pair(ctx, staking).address : token(ctx, staking).address
}

async function deployMasterChef(ctx: ChainContext, factory: Address): Promise<{ sushi: Address; sushiPair: Families['pairs'][number]; pool: FamilyPool }> {
  const { tx } = ctx
  const wrapped = token(ctx, 'W')
  const sushi = await tx.deploy('SushiToken', { abi: sushiTokenAbi, bytecode: sushiTokenBytecode })
  // While the deployer still owns the token: mint the SUSHI side of its price pair.
  const sushiSide = tokensForUsd(PAIR_SIDE_USD, SUSHI_PRICE, 18)
  await tx.call('mint SUSHI', sushi, { abi: sushiTokenAbi, functionName: 'mint', args: [ctx.deployer, sushiSide] })
  await tx.call('approve router SUSHI', sushi, { abi: sushiTokenAbi, functionName: 'approve', args: [ctx.router, maxUint256] })
  await tx.call('liquidity SUSHI/W', ctx.router, {
    abi: uniswapV2Router02Abi,
    functionName: 'addLiquidity',
    args: [sushi, wrapped.address, sushiSide, tokensForUsd(PAIR_SIDE_USD, wrapped.price, 18), 0n, 0n, ctx.deployer, maxUint256],
  })
  const sushiPair = pairAddressOf(factory, sushi, wrapped.address)

  // Started (the head is at or below the block the chef lands in), no bonus multiplier, no end.
  const startBlock = await tx.client.getBlockNumber()
  const chef = await tx.deploy('MasterChef', {
    abi: masterChefAbi,
    bytecode: masterChefBytecode,
    args: [sushi, ctx.treasury, SUSHI_PER_BLOCK, startBlock, startBlock],
  })
  await tx.call('SUSHI ownership to the chef', sushi, { abi: sushiTokenAbi, functionName: 'transferOwnership', args: [chef] })
  for (const [pid, plan] of CHEF_POOLS.entries()) {
    const staking = stakingAddress(ctx, plan.staking)
    await tx.call(`chef add ${plan.staking}`, chef, { abi: masterChefAbi, functionName: 'add', args: [plan.allocPoint, staking, false] })
    await tx.call(`approve chef ${plan.staking}`, staking, { abi: demoTokenAbi, functionName: 'approve', args: [chef, maxUint256] })
    await tx.call(`chef deposit ${plan.staking}`, chef, {
      abi: masterChefAbi,
      functionName: 'deposit',
      args: [BigInt(pid), stakeAmount(ctx, plan.staking, plan.stakeBps)],
    })
  }
  return {
    sushi,
    sushiPair,
    pool: {
      kind: 'masterchef',
      address: chef,
      pids: CHEF_POOLS.map((_, pid) => pid),
      rewardTokens: [sushi],
      stakingTokens: CHEF_POOLS.map((plan) => stakingAddress(ctx, plan.staking)),
    },
  }
}

async function deployStakingRewards(ctx: ChainContext): Promise<FamilyPool> {
  const { tx } = ctx
  const plan = STAKING_REWARDS
  const staking = stakingAddress(ctx, plan.staking)
  const reward = token(ctx, plan.reward.symbol)
  const address = await tx.deploy('StakingRewards', {
    abi: stakingRewardsAbi,
    bytecode: stakingRewardsBytecode,
    args: [ctx.deployer, ctx.deployer, reward.address, staking],
  })
  // Allowed before the first notification only (no period running yet).
  await tx.call('StakingRewards duration', address, { abi: stakingRewardsAbi, functionName: 'setRewardsDuration', args: [REWARDS_DURATION] })
  // Synthetix checks the contract already holds what it is notified of.
  const amount = tokensForUsd(plan.reward.usdPerDuration, reward.price, reward.decimals)
  await tx.call(`fund StakingRewards ${plan.reward.symbol}`, reward.address, { abi: demoTokenAbi, functionName: 'mint', args: [address, amount] })
  await tx.call('StakingRewards notify', address, { abi: stakingRewardsAbi, functionName: 'notifyRewardAmount', args: [amount] })
  await tx.call(`approve StakingRewards ${plan.staking}`, staking, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
  await tx.call(`StakingRewards stake ${plan.staking}`, address, {
    abi: stakingRewardsAbi,
    functionName: 'stake',
    args: [stakeAmount(ctx, plan.staking, plan.stakeBps)],
  })
  return { kind: 'staking-rewards', address, pids: [0], rewardTokens: [reward.address], stakingTokens: [staking] }
}

async function deployMultiRewards(ctx: ChainContext): Promise<FamilyPool> {
  const { tx } = ctx
  const plan = MULTI_REWARDS
  const staking = stakingAddress(ctx, plan.staking)
  const rewards = plan.rewards.map((r) => ({ ...r, token: token(ctx, r.symbol) }))
  const address = await tx.deploy('MultiRewards', { abi: multiRewardsAbi, bytecode: multiRewardsBytecode, args: [ctx.deployer, staking] })
  for (const r of rewards) {
    await tx.call(`MultiRewards add ${r.symbol}`, address, {
      abi: multiRewardsAbi,
      functionName: 'addReward',
      args: [r.token.address, ctx.deployer, REWARDS_DURATION],
    })
    // The distributor's tokens are pulled by notifyRewardAmount.
    await tx.call(`approve MultiRewards ${r.symbol}`, r.token.address, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
    await tx.call(`MultiRewards notify ${r.symbol}`, address, {
      abi: multiRewardsAbi,
      functionName: 'notifyRewardAmount',
      args: [r.token.address, tokensForUsd(r.usdPerDuration, r.token.price, r.token.decimals)],
    })
  }
  await tx.call(`approve MultiRewards ${plan.staking}`, staking, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
  await tx.call(`MultiRewards stake ${plan.staking}`, address, { abi: multiRewardsAbi, functionName: 'stake', args: [stakeAmount(ctx, plan.staking)] })
  return { kind: 'multi-rewards', address, pids: [0], rewardTokens: rewards.map((r) => r.token.address), stakingTokens: [staking] }
}
