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
  strategyFarmBytecode,
  uniswapV2ZapAbi,
  uniswapV2ZapBytecode,
} from '../../contracts/artifacts/index.js'
import { type ChainContext, bps, pair, token } from './deployContext.js'
import type { DevnetChainManifest } from './manifest.js'
import { tokensForUsd } from './specs.js'

type VaultPlan = {
  kind: 'beefy' | 'erc4626'
  /** A token symbol, or a pair key for an LP want. */
  want: string
  withStrategy: boolean
  zapTokenIn?: string
}

const VAULTS: VaultPlan[] = [
  { kind: 'beefy', want: 'YLD/W', withStrategy: true, zapTokenIn: 'W' },
  { kind: 'beefy', want: 'W/USDC', withStrategy: true, zapTokenIn: 'USDC' },
  { kind: 'beefy', want: 'GOV', withStrategy: true },
  { kind: 'erc4626', want: 'YLD', withStrategy: true },
  { kind: 'erc4626', want: 'USDC', withStrategy: false },
  { kind: 'erc4626', want: 'GOV/W', withStrategy: true, zapTokenIn: 'W' },
]

/** Farm emission in USD per block: small, so demo APRs stay believable at a block every few seconds. */
const FARM_USD_PER_BLOCK_E8 = 500_000n // $0.005
const FARM_FUNDED_BLOCKS = 10_000_000n
const DEPOSIT_USD = 100_000n
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
  const rewardPerBlock = (FARM_USD_PER_BLOCK_E8 * 10n ** 18n) / wrapped.price
  const vaults: DevnetChainManifest['vaults'] = []
  const strategies: Address[] = []

  for (const plan of VAULTS) {
    const isLp = plan.want.includes('/')
    const want = isLp ? pair(ctx, plan.want).address : token(ctx, plan.want).address
    const label = `${plan.kind} ${plan.want}`
    let strategy: Address | undefined
    if (plan.withStrategy) {
      const farm = await tx.deploy(`farm ${label}`, {
        abi: rewardFarmAbi,
        bytecode: rewardFarmBytecode,
        args: [want, wrapped.address, rewardPerBlock],
      })
      const funding = rewardPerBlock * FARM_FUNDED_BLOCKS
      await tx.call(`approve farm ${label}`, wrapped.address, { abi: demoTokenAbi, functionName: 'approve', args: [farm, funding] })
      await tx.call(`fund farm ${label}`, farm, { abi: rewardFarmAbi, functionName: 'fund', args: [funding] })
      const [route0, route1] = isLp ? [routeTo(ctx, pair(ctx, plan.want).token0), routeTo(ctx, pair(ctx, plan.want).token1)] : [routeTo(ctx, want), []]
      strategy = await tx.deploy(`strategy ${label}`, {
        abi: strategyFarmAbi,
        bytecode: strategyFarmBytecode,
        args: [want, farm, ctx.router, ctx.treasury, isLp, route0, route1, WITHDRAWAL_FEE_BPS[plan.kind]],
      })
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

    const amount = isLp ? bps(pair(ctx, plan.want).lpSupply, 200n) : tokensForUsd(DEPOSIT_USD, token(ctx, plan.want).price, token(ctx, plan.want).decimals)
    await tx.call(`approve ${label}`, want, { abi: demoTokenAbi, functionName: 'approve', args: [address, maxUint256] })
    if (plan.kind === 'beefy') {
      await tx.call(`deposit ${label}`, address, { abi: beefyVaultAbi, functionName: 'deposit', args: [amount] })
    } else {
      await tx.call(`deposit ${label}`, address, { abi: erc4626VaultAbi, functionName: 'deposit', args: [amount, ctx.deployer] })
    }

    const zapFields = plan.zapTokenIn === undefined ? {} : { zap, zapTokenIn: token(ctx, plan.zapTokenIn).address }
    vaults.push({ address, kind: plan.kind, want, ...(strategy === undefined ? {} : { strategy }), ...zapFields })
  }
  return { vaults, strategies }
}

/** Swap route from the wrapped native to `target`; empty when the target is the wrapped native. */
function routeTo(ctx: ChainContext, target: Address): Address[] {
  const wrapped = token(ctx, 'W').address
  return target === wrapped ? [] : [wrapped, target]
}
