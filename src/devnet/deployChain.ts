import { type Address, getAddress, parseEther, toHex } from 'viem'
import { multicall3DeployedBytecode, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { MULTICALL3_ADDRESS } from '../chain/index.js'
import { DEV_ACCOUNT_COUNT, anvilAccounts } from './accounts.js'
import type { ChainContext } from './deployContext.js'
import { deployRewardPoolFamilies } from './deployRewardPoolFamilies.js'
import { deployActivePools, deployEndedPool, ENDED_POOL_BLOCKS } from './deployRewardPools.js'
import { deployTokens, renameWrappedNative } from './deployTokens.js'
import { deployUniswap, seedPairs, verifyPairs } from './deployUniswap.js'
import { deployVaults } from './deployVaults.js'
import { deployBridges, fundAccounts } from './fundAccounts.js'
import type { DevnetChainManifest } from './manifest.js'
import { Sender } from './sender.js'
import type { ChainSpec } from './specs.js'

/**
 * The deployer starts each chain at its own nonce, so one contract has a different address on
 * each chain, as in production; an address alone never names the wrong chain's contract.
 */
function firstNonceOf(chainId: number): number {
  return chainId % 1000
}

/**
 * Deploys and seeds one chain: tokens, feeds, Uniswap V2 with liquidity, vaults with
 * strategies, reward pools (one of them already ended), bridges, funded dev accounts, and a
 * MasterChef, a StakingRewards and a MultiRewards with running rewards.
 * The transaction order is fixed, so every address is the same on every start (and differs
 * between chains, see firstNonceOf).
 */
export async function deployChain(spec: ChainSpec, rpcUrl: string): Promise<DevnetChainManifest> {
  const accounts = anvilAccounts()
  const deployer = accounts[0]!.address
  const ctx: ChainContext = {
    spec,
    tx: new Sender(rpcUrl, deployer, firstNonceOf(spec.chainId)),
    deployer,
    feeManager: accounts[DEV_ACCOUNT_COUNT]!.address,
    treasury: accounts[DEV_ACCOUNT_COUNT + 1]!.address,
    devAccounts: accounts.slice(0, DEV_ACCOUNT_COUNT).map((a) => a.address),
    tokens: new Map(),
    pairs: new Map(),
    router: '0x0000000000000000000000000000000000000000',
  }
  await ctx.tx.rpc('anvil_setBalance', [deployer, toHex(parseEther('1000000000'))])
  await ctx.tx.rpc('anvil_setNonce', [deployer, toHex(firstNonceOf(spec.chainId))])
  await ctx.tx.rpc('anvil_setCode', [MULTICALL3_ADDRESS, multicall3DeployedBytecode])

  // Phase 1: everything whose block numbers do not matter.
  const feeds = await deployTokens(ctx)
  const factory = await deployUniswap(ctx)
  await seedPairs(ctx, factory)
  const { vaults, strategies } = await deployVaults(ctx)
  const rewardPools = await deployActivePools(ctx)
  const { bridges, bridgeTokens } = await deployBridges(ctx)
  await fundAccounts(ctx)
  await ctx.tx.settle()
  await renameWrappedNative(ctx)
  await verifyPairs(ctx, factory)

  // Phase 2: a pool that starts now and ends a few dozen blocks later, then one harvest per
  // strategy (rewards have accrued over the blocks of phase 1), then mine past the pool's end.
  const startBlock = (await ctx.tx.client.getBlockNumber()) + 2n
  rewardPools.push(await deployEndedPool(ctx, startBlock))
  for (const strategy of strategies) {
    await ctx.tx.call('harvest', strategy, { abi: strategyFarmAbi, functionName: 'harvest' })
  }
  await ctx.tx.settle()
  const now = await ctx.tx.client.getBlockNumber()
  const endBlock = startBlock + ENDED_POOL_BLOCKS
  await ctx.tx.rpc('anvil_mine', [toHex(endBlock - now + 2n)])

  // Phase 3: one pool of each public family. Last, so every address above stays where it was.
  const rewardPoolFamilies = await deployRewardPoolFamilies(ctx, factory)
  await ctx.tx.settle()

  const wrappedNative = ctx.tokens.get('W')!.address
  const tokens: Record<string, Address> = {}
  for (const t of ctx.tokens.values()) tokens[t.symbol] = t.address
  const pairs = [...ctx.pairs.values()].map((p) => ({ address: p.address, token0: p.token0, token1: p.token1 }))
  return checksummed({
    chainId: spec.chainId,
    rpcUrl,
    accounts: accounts.slice(0, DEV_ACCOUNT_COUNT),
    tokens,
    wrappedNative,
    multicall3: MULTICALL3_ADDRESS,
    uniswap: { factory, router: ctx.router },
    feeds,
    pairs,
    vaults,
    rewardPools,
    lpTokens: pairs.map((p) => p.address),
    bridges,
    bridgeTokens,
    rewardPoolFamilies,
  })
}

/** Every 20-byte hex string in the manifest, EIP-55 checksummed (private keys are 32 bytes). */
function checksummed<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? getAddress(v) : v)) as T
}
