import { type Address, stringToHex, toHex } from 'viem'
import {
  bytes32TokenAbi,
  bytes32TokenBytecode,
  demoTokenAbi,
  demoTokenBytecode,
  priceFeedAbi,
  priceFeedBytecode,
  weth9Abi,
  weth9Bytecode,
} from '../../contracts/artifacts/index.js'
import type { ChainContext } from './deployContext.js'
import type { DevnetChainManifest } from './manifest.js'
import { NATIVE_HEARTBEAT, STABLE_HEARTBEAT, tokensForUsd } from './specs.js'

/** USD worth of each token the deployer mints for itself: liquidity, deposits, funding. */
const DEPLOYER_USD = 1_000_000_000n
/** USD worth of native the deployer wraps. */
const WRAP_USD = 100_000_000n

/**
 * Queues wrapped native, stables, demo tokens and their feeds; fills `ctx.tokens`.
 * Returns the feeds for the manifest.
 */
export async function deployTokens(ctx: ChainContext): Promise<DevnetChainManifest['feeds']> {
  const { tx, spec } = ctx
  const wrapped = await tx.deploy('wrapped native', { abi: weth9Abi, bytecode: weth9Bytecode })
  ctx.tokens.set('W', { symbol: spec.native.symbol, address: wrapped, decimals: 18, price: spec.native.price })
  await tx.call('wrap native', wrapped, { abi: weth9Abi, functionName: 'deposit' }, tokensForUsd(WRAP_USD, spec.native.price, 18))

  for (const t of spec.tokens) {
    const address =
      t.kind === 'bytes32'
        ? await tx.deploy(t.symbol, {
            abi: bytes32TokenAbi,
            bytecode: bytes32TokenBytecode,
            args: [stringToHex(t.name, { size: 32 }), stringToHex(t.symbol, { size: 32 }), t.decimals],
          })
        : await tx.deploy(t.symbol, { abi: demoTokenAbi, bytecode: demoTokenBytecode, args: [t.name, t.symbol, t.decimals] })
    ctx.tokens.set(t.symbol, { symbol: t.symbol, address, decimals: t.decimals, price: t.price })
    await tx.call(`mint ${t.symbol}`, address, {
      abi: demoTokenAbi,
      functionName: 'mint',
      args: [ctx.deployer, tokensForUsd(DEPLOYER_USD, t.price, t.decimals)],
    })
  }
  const feeds: DevnetChainManifest['feeds'] = []
  const native = await deployFeed(ctx, spec.native.feed, spec.native.price)
  feeds.push({ address: native, token: wrapped, decimals: 8, heartbeat: NATIVE_HEARTBEAT })
  for (const t of spec.tokens.filter((s) => s.kind === 'stable')) {
    const address = await deployFeed(ctx, `${t.symbol} / USD`, t.price)
    feeds.push({ address, token: ctx.tokens.get(t.symbol)!.address, decimals: 8, heartbeat: STABLE_HEARTBEAT })
  }
  return feeds
}

function deployFeed(ctx: ChainContext, description: string, answer: bigint): Promise<Address> {
  return ctx.tx.deploy(`feed ${description}`, {
    abi: priceFeedAbi,
    bytecode: priceFeedBytecode,
    args: [8, description, answer],
  })
}

/**
 * WETH9 hard-codes "Wrapped Ether"/"WETH"; rewrite its name (slot 0) and symbol (slot 1) so
 * WBNB and WAVAX read as themselves. Solidity stores a short string left-aligned with
 * length*2 in the last byte. Runs after the token is mined.
 */
export async function renameWrappedNative(ctx: ChainContext): Promise<void> {
  const { address } = ctx.tokens.get('W')!
  const encode = (s: string): string => {
    const bytes = stringToHex(s, { size: 32 }).slice(0, 64)
    return `${bytes}${toHex(s.length * 2, { size: 1 }).slice(2)}`
  }
  await ctx.tx.rpc('anvil_setStorageAt', [address, toHex(0, { size: 32 }), encode(ctx.spec.native.name)])
  await ctx.tx.rpc('anvil_setStorageAt', [address, toHex(1, { size: 32 }), encode(ctx.spec.native.symbol)])
}
