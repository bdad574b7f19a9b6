import { type Address, maxUint256 } from 'viem'
import {
  beefyVaultAbi,
  beefyVaultBytecode,
  demoTokenAbi,
  erc4626VaultAbi,
  erc4626VaultBytecode,
  rewardFarmAbi,
  rewardFarmBytecode,
  strategyFarmAbi,
  strategyFarmBeefyAbi,
  strategyFarmBeefyBytecode,
  strategyFarmBytecode,
  strategyFarmFeeManagerAbi,
  strategyFarmFeeManagerBytecode,
  strategyFarmFeeManagerTotalAbi,
  strategyFarmFeeManagerTotalBytecode,
  strategyFarmOldFeesAbi,
  strategyFarmOldFeesBytecode,
  uniswapV2ZapAbi,
  uniswapV2ZapBytecode,
} from '../../contracts/artifacts/index.js'
import { type ChainContext, bps, pair, token } from './deployContext.js'
import type { DevnetChainManifest } from './manifest.js'
import { PAIR_SIDE_USD, tokensForUsd } from './specs.js'

type VaultPlan = {
  kind: 'beefy' | 'erc4626'
  /** A token symbol, or a pair key for an LP want. */
  want: string
  withStrategy: boolean
  zapTokenIn?: string
  /** What its farm pays a year on the deployer's first deposit, basis points: a small farm's rates, each its own. */
  farmAprBps?: bigint
  /** The deployer's first deposit of a token want, USD (default DEPOSIT_USD). */
  depositUsd?: bigint
  /**
   * How its strategy reports its fees, by chain id, where it is not the current `getAllFees()`:
   * one of Beefy's earlier shapes, as many live vaults still have (see FeeShape).
   */
  feeShapes?: Record<number, FeeShape>
}

/**
 * Beefy's earlier fee shapes: `getFees`, the 2022 StratFeeManager's one FeeCategory struct;
 * `feeManager`, the 2021 FeeManager's shares of MAX_FEE with the performance fee fixed inside the
 * harvest (the registry has to state it: FIXED_PERFORMANCE_FEE); `feeManagerTotal`, the same
 * with that fee readable as `totalFee()`.
 */
type FeeShape = 'getFees' | 'feeManager' | 'feeManagerTotal'

/** The performance fee StrategyFarmFeeManager charges and does not expose (45 of MAX_FEE 1000), as a fraction. */
const FIXED_PERFORMANCE_FEE = 0.045

/**
 * The strategy of each shape. A Beefy vault's logs its harvests and fees as Beefy's strategies do
 * (StratHarvest, and ChargedFees from 2022's shape on); an ERC-4626 vault's, the reference
 * strategy, logs its own `Harvested`.
 */
const STRATEGY_ARTIFACTS = {
  current: { abi: strategyFarmAbi, bytecode: strategyFarmBytecode },
  beefyCurrent: { abi: strategyFarmBeefyAbi, bytecode: strategyFarmBeefyBytecode },
  getFees: { abi: strategyFarmOldFeesAbi, bytecode: strategyFarmOldFeesBytecode },
  feeManager: { abi: strategyFarmFeeManagerAbi, bytecode: strategyFarmFeeManagerBytecode },
  feeManagerTotal: { abi: strategyFarmFeeManagerTotalAbi, bytecode: strategyFarmFeeManagerTotalBytecode },
} as const

const VAULTS: VaultPlan[] = [
  { kind: 'beefy', want: 'YLD/W', withStrategy: true, zapTokenIn: 'W', farmAprBps: 2_400n },
  // One vault of each chain in an earlier fee shape: chain 56's the StratFeeManager of BSC's live
  // StrategyCommonChefLP vaults, the other two the 2021 FeeManager (readable total or not).
  {
    kind: 'beefy',
    want: 'W/USDC',
    withStrategy: true,
    zapTokenIn: 'USDC',
    farmAprBps: 1_200n,
    feeShapes: { 1: 'feeManagerTotal', 56: 'getFees', 43114: 'feeManager' },
  },
  // The largest: its harvest pays its caller more than the gas, even at Ethereum's prices, within hours.
  { kind: 'beefy', want: 'GOV', withStrategy: true, farmAprBps: 1_800n, depositUsd: 1_000_000n },
  { kind: 'erc4626', want: 'YLD', withStrategy: true, farmAprBps: 900n },
  { kind: 'erc4626', want: 'USDC', withStrategy: false },
  { kind: 'erc4626', want: 'GOV/W', withStrategy: true, zapTokenIn: 'W', farmAprBps: 3_000n },
]

const YEAR_SECONDS = 365n * 86_400n
/** Each farm holds two years of its emission. */
const FARM_FUNDED_SECONDS = 2n * YEAR_SECONDS
const DEPOSIT_USD = 100_000n
/** The deployer's first deposit into an LP vault, basis points of the pair's first LP supply (the vaults' pairs hold 2 × PAIR_SIDE_USD). */
const LP_DEPOSIT_BPS = 200n
/**
 * Strategy withdrawal fee in basis points: Beefy's default 0.1% behind Beefy-style vaults, none
 * behind ERC-4626 vaults, which must pay `withdraw(assets)` exactly (their constructor checks).
 */
const WITHDRAWAL_FEE_BPS = { beefy: 10n, erc4626: 0n } as const

export type DeployedVaults = { vaults: DevnetChainManifest['vaults']; strategies: Address[] }

/** Queues the zap, and per vault its farm, strategy and vault, plus a deployer deposit in each. */
export async function deployVaults(ctx: ChainContext): Promise<DeployedVaults> {
  const { tx } = ctx
  const wrapped = token(ctx, 'W')
  const zap = await tx.deploy('zap', {
    abi: uniswapV2ZapAbi,
    bytecode: uniswapV2ZapBytecode,
    args: [ctx.router, wrapped.address],
  })
  const vaults: DevnetChainManifest['vaults'] = []
  const strategies: Address[] = []

  for (const plan of VAULTS) {
    const isLp = plan.want.includes('/')
    const want = isLp ? pair(ctx, plan.want).address : token(ctx, plan.want).address
    const label = `${plan.kind} ${plan.want}`
    let strategy: Address | undefined
    let feeShape: FeeShape | undefined
    if (plan.withStrategy) {
      // Paid in the wrapped native by the second: the deposit's USD × the plan's rate, over a year.
      const depositUsd = isLp ? (2n * PAIR_SIDE_USD * LP_DEPOSIT_BPS) / 10_000n : (plan.depositUsd ?? DEPOSIT_USD)
      const rewardPerSecond = tokensForUsd((depositUsd * (plan.farmAprBps ?? 0n)) / 10_000n, wrapped.price, 18) / YEAR_SECONDS
      const farm = await tx.deploy(`farm ${label}`, {
        abi: rewardFarmAbi,
        bytecode: rewardFarmBytecode,
        args: [want, wrapped.address, rewardPerSecond],
      })
      const funding = rewardPerSecond * FARM_FUNDED_SECONDS
      await tx.call(`approve farm ${label}`, wrapped.address, { abi: demoTokenAbi, functionName: 'approve', args: [farm, funding] })
      await tx.call(`fund farm ${label}`, farm, { abi: rewardFarmAbi, functionName: 'fund', args: [funding] })
      const [route0, route1] = isLp ? [routeTo(ctx, pair(ctx, plan.want).token0), routeTo(ctx, pair(ctx, plan.want).token1)] : [routeTo(ctx, want), []]
      const args = [want, farm, ctx.router, ctx.treasury, isLp, route0, route1, WITHDRAWAL_FEE_BPS[plan.kind]] as const
      feeShape = plan.feeShapes?.[ctx.spec.chainId]
      // Every shape has the same constructor: the artifacts differ only in how they report fees and log harvests.
      const artifact = STRATEGY_ARTIFACTS[feeShape ?? (plan.kind === 'beefy' ? 'beefyCurrent' : 'current')]
      strategy = await tx.deploy(`strategy ${label}`, { ...(artifact as typeof STRATEGY_ARTIFACTS.current), args })
      strategies.push(strategy)
    }
    const name = `${plan.kind === 'beefy' ? 'Moo' : 'Vault'} ${plan.want}`
    const symbol = `${plan.kind === 'beefy' ? 'moo' : 'v'}${plan.want.replace('/', '-')}`
    const address =
      plan.kind === 'beefy'
        ? await tx.deploy(label, { abi: beefyVaultAbi, bytecode: beefyVaultBytecode, args: [strategy!, name, symbol] })
        : await tx.deploy(label, {
            abi: erc4626VaultAbi,
            bytecode: erc4626VaultBytecode,
            args: [want, strategy ?? '0x0000000000000000000000000000000000000000', name, symbol],
          })
    if (strategy !== undefined) {
      await tx.call(`bind strategy ${label}`, strategy, { abi: strategyFarmAbi, functionName: 'setVault', args: [address] })
    }

    const amount = isLp
      ? bps(pair(ctx, plan.want).lpSupply, LP_DEPOSIT_BPS)
      : tokensForUsd(plan.depositUsd ?? DEPOSIT_USD, token(ctx, plan.want).price, token(ctx, plan.want).decimals)
    await tx.call(`approve ${label}`, want, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
    if (plan.kind === 'beefy') {
      await tx.call(`deposit ${label}`, address, { abi: beefyVaultAbi, functionName: 'deposit', args: [amount] })
    } else {
      await tx.call(`deposit ${label}`, address, { abi: erc4626VaultAbi, functionName: 'deposit', args: [amount, ctx.deployer] })
    }

    const zapFields = plan.zapTokenIn === undefined ? {} : { zap, zapTokenIn: token(ctx, plan.zapTokenIn).address }
    const fixedFee = feeShape === 'feeManager' ? { performanceFee: FIXED_PERFORMANCE_FEE } : {}
    vaults.push({ address, kind: plan.kind, want, ...(strategy === undefined ? {} : { strategy }), ...zapFields, ...fixedFee })
  }
  return { vaults, strategies }
}

/** Swap route from the wrapped native to `target`; empty when the target is the wrapped native. */
function routeTo(ctx: ChainContext, target: Address): Address[] {
  const wrapped = token(ctx, 'W').address
  return target === wrapped ? [] : [wrapped, target]
}
