import { type Address, parseEther, toHex } from 'viem'
import { bridgeAbi, bridgeBytecode, demoTokenAbi } from '../../contracts/artifacts/index.js'
import { type ChainContext, bps, token } from './deployContext.js'
import type { DevnetChainManifest } from './manifest.js'
import { tokensForUsd } from './specs.js'

/** USD worth of each token every dev account receives. */
const ACCOUNT_USD = 1_000_000n
/** Share of each pair's LP supply every dev account receives (1%). */
const ACCOUNT_LP_BPS = 100n
const ACCOUNT_NATIVE = parseEther('1000000')
/** Same tickers on every chain, so a bridge object can pair Ethereum and BNB Smart Chain. */
const BRIDGED = ['YLD', 'USDC']
const BRIDGE_USD = 5_000_000n

/** Gives every dev account native coin, wrapped native, every token and every LP token. */
export async function fundAccounts(ctx: ChainContext): Promise<void> {
  for (const account of ctx.devAccounts) {
    await ctx.tx.rpc('anvil_setBalance', [account, toHex(ACCOUNT_NATIVE)])
    for (const t of ctx.tokens.values()) {
      const amount = tokensForUsd(ACCOUNT_USD, t.price, t.decimals)
      // The wrapped native has no faucet: it comes from the deployer's wrapped balance.
      const fn = t.symbol === ctx.spec.native.symbol ? 'transfer' : 'mint'
      await ctx.tx.call(`fund ${t.symbol}`, t.address, { abi: demoTokenAbi, functionName: fn, args: [account, amount] })
    }
    for (const p of ctx.pairs.values()) {
      await ctx.tx.call(`fund LP ${p.key}`, p.address, {
        abi: demoTokenAbi,
        functionName: 'transfer',
        args: [account, bps(p.lpSupply, ACCOUNT_LP_BPS)],
      })
    }
  }
}

/** Queues one bridge per bridged ticker, each holding BRIDGE_USD of its token. */
export async function deployBridges(ctx: ChainContext): Promise<{ bridges: Address[]; bridgeTokens: DevnetChainManifest['bridgeTokens'] }> {
  const bridges: Address[] = []
  const bridgeTokens: DevnetChainManifest['bridgeTokens'] = []
  for (const ticker of BRIDGED) {
    const t = token(ctx, ticker)
    const bridge = await ctx.tx.deploy(`bridge ${ticker}`, { abi: bridgeAbi, bytecode: bridgeBytecode, args: [t.address] })
    await ctx.tx.call(`fill bridge ${ticker}`, t.address, {
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [bridge, tokensForUsd(BRIDGE_USD, t.price, t.decimals)],
    })
    bridges.push(bridge)
    bridgeTokens.push({ bridge, token: t.address, ticker })
  }
  return { bridges, bridgeTokens }
}
