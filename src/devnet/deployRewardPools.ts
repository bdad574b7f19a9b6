import { type Address, getContractAddress, maxUint256 } from 'viem'
import { demoTokenAbi, rewardPoolAbi, rewardPoolBytecode } from '../../contracts/artifacts/index.js'
import { type ChainContext, bps, pair, token } from './deployContext.js'
import type { DevnetChainManifest } from './manifest.js'
import { tokensForUsd } from './specs.js'

type StakingPlan = {
  /** Token symbol or pair key. */
  staking: string
  allocPoint: bigint
  /** Per-user cap as basis points of the pair's LP supply (LP staking only); 0 = no cap. */
  capBps?: bigint
  /** Deployer stake, basis points of LP supply (LP) — tokens stake $50k. */
  stakeBps?: bigint
}

type PoolPlan = {
  name: string
  rewards: { symbol: string; usdPerBlockE8: bigint }[]
  claimDelay: 'open' | 'far'
  withdrawPenaltyFee: bigint
  protocolFee: bigint
  compoundEnabled: boolean
  staking: StakingPlan[]
}

/** Far enough that a demo never reaches it; "10 million blocks ahead". */
const FAR_END_BLOCK = 10_000_000n
const FAR_CLAIM_BLOCK = 5_000_000n
const UNSTAKE_DELAY_BLOCKS = 5n
const STAKE_USD = 50_000n

/** Pools that run for a long time: the first has claims open, the second claims far ahead. */
const ACTIVE_POOLS: PoolPlan[] = [
  {
    name: 'active-claimable',
    rewards: [
      { symbol: 'YLD', usdPerBlockE8: 2_000_000n },
      { symbol: 'W', usdPerBlockE8: 200_000n },
    ],
    claimDelay: 'open',
    withdrawPenaltyFee: 0n,
    protocolFee: 500n,
    compoundEnabled: true,
    staking: [
      { staking: 'YLD', allocPoint: 100n },
      { staking: 'YLD/W', allocPoint: 300n, capBps: 80n, stakeBps: 50n },
    ],
  },
  {
    name: 'active-claim-locked',
    rewards: [
      { symbol: 'GOV', usdPerBlockE8: 1_500_000n },
      { symbol: 'DAI', usdPerBlockE8: 1_000_000n },
    ],
    claimDelay: 'far',
    withdrawPenaltyFee: 50n,
    protocolFee: 500n,
    compoundEnabled: false,
    staking: [
      { staking: 'GOV', allocPoint: 100n },
      { staking: 'W/USDC', allocPoint: 200n, stakeBps: 200n },
      { staking: 'SAT', allocPoint: 50n },
    ],
  },
]

/** Runs for a few dozen blocks right after deployment, then the devnet mines past its end. */
const ENDED_POOL: PoolPlan = {
  name: 'ended',
  rewards: [
    { symbol: 'MKR', usdPerBlockE8: 1_500_000n },
    { symbol: 'W', usdPerBlockE8: 200_000n },
  ],
  claimDelay: 'open',
  withdrawPenaltyFee: 0n,
  protocolFee: 500n,
  compoundEnabled: false,
  staking: [
    { staking: 'SAT', allocPoint: 100n },
    { staking: 'GOV/W', allocPoint: 100n, stakeBps: 200n },
  ],
}

/** Blocks the ended pool runs for; leaves room for the transactions that stake into it. */
export const ENDED_POOL_BLOCKS = 60n

/** Queues the long-running reward pools with their funding, staking pools and deployer stakes. */
export async function deployActivePools(ctx: ChainContext): Promise<DevnetChainManifest['rewardPools']> {
  const pools: DevnetChainManifest['rewardPools'] = []
  for (const plan of ACTIVE_POOLS) {
    const claimDelay = plan.claimDelay === 'open' ? 1n : FAR_CLAIM_BLOCK
    pools.push(await deployPool(ctx, plan, 1n, FAR_END_BLOCK, claimDelay))
  }
  return pools
}

/** Queues the pool that ends at `startBlock + ENDED_POOL_BLOCKS`; the caller mines past it. */
export async function deployEndedPool(ctx: ChainContext, startBlock: bigint) {
  return deployPool(ctx, ENDED_POOL, startBlock, startBlock + ENDED_POOL_BLOCKS, startBlock)
}

async function deployPool(
  ctx: ChainContext,
  plan: PoolPlan,
  startBlock: bigint,
  endBlock: bigint,
  claimDelay: bigint,
): Promise<DevnetChainManifest['rewardPools'][number]> {
  const { tx } = ctx
  const rewardTokens = plan.rewards.map((r) => token(ctx, r.symbol))
  const rewardPerBlock = plan.rewards.map((r, i) => (r.usdPerBlockE8 * 10n ** BigInt(rewardTokens[i]!.decimals)) / rewardTokens[i]!.price)
  const address = await tx.deploy(`reward pool ${plan.name}`, {
    abi: rewardPoolAbi,
    bytecode: rewardPoolBytecode,
    args: [
      {
        rewardTokens: rewardTokens.map((t) => t.address),
        rewardPerBlock,
        startBlock,
        endBlock,
        claimDelay,
        unstakeDelayDuration: UNSTAKE_DELAY_BLOCKS,
        feeManager: ctx.feeManager,
        protocolFee: plan.protocolFee,
        withdrawPenaltyFee: plan.withdrawPenaltyFee,
        withdrawPenaltyBlock: plan.withdrawPenaltyFee > 0n ? FAR_END_BLOCK : 0n,
        compoundEnabled: plan.compoundEnabled,
      },
    ],
  })
  // The pool creates its RewardVault in its constructor: the first CREATE of a contract uses nonce 1.
  const rewardVault = getContractAddress({ from: address, nonce: 1n })
  for (const [i, t] of rewardTokens.entries()) {
    const total = rewardPerBlock[i]! * (endBlock - startBlock)
    await tx.call(`fund ${plan.name} ${t.symbol}`, t.address, {
      abi: demoTokenAbi,
      functionName: 'transfer',
      args: [rewardVault, total],
    })
  }

  const stakingTokens: Address[] = []
  for (const s of plan.staking) {
    const isLp = s.staking.includes('/')
    const staking = isLp ? pair(ctx, s.staking).address : token(ctx, s.staking).address
    const cap = isLp && s.capBps !== undefined ? bps(pair(ctx, s.staking).lpSupply, s.capBps) : 0n
    const path = isLp ? [rewardTokens[0]!.address, pair(ctx, s.staking).token0] : [rewardTokens[0]!.address, staking]
    await tx.call(`add pool ${plan.name} ${s.staking}`, address, {
      abi: rewardPoolAbi,
      functionName: 'addPool',
      args: [staking, s.allocPoint, cap, cap > 0n ? FAR_END_BLOCK : 0n, path],
    })
    const amount = isLp
      ? bps(pair(ctx, s.staking).lpSupply, s.stakeBps ?? 100n)
      : tokensForUsd(STAKE_USD, token(ctx, s.staking).price, token(ctx, s.staking).decimals)
    await tx.call(`approve ${plan.name} ${s.staking}`, staking, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
    await tx.call(`stake ${plan.name} ${s.staking}`, address, {
      abi: rewardPoolAbi,
      functionName: 'stake',
      args: [BigInt(stakingTokens.length), amount],
    })
    stakingTokens.push(staking)
  }
  return {
    address,
    pids: plan.staking.map((_, i) => i),
    rewardVault,
    rewardTokens: rewardTokens.map((t) => t.address),
    stakingTokens,
  }
}
