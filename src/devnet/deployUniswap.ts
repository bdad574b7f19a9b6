import { type Address, encodePacked, getContractAddress, keccak256, maxUint256 } from 'viem'
import {
  demoTokenAbi,
  uniswapV2FactoryAbi,
  uniswapV2FactoryBytecode,
  uniswapV2PairBytecode,
  uniswapV2Router02Abi,
  uniswapV2Router02Bytecode,
} from '../../contracts/artifacts/index.js'
import { type ChainContext, token } from './deployContext.js'
import { PAIRS, tokensForUsd } from './specs.js'

const pairInitCodeHash = keccak256(uniswapV2PairBytecode)

/** Uniswap V2 orders a pair's tokens by address. */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a]
}

function sqrt(value: bigint): bigint {
  if (value < 2n) return value
  let x = value
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + value / x) / 2n
  }
  return x
}

/** The address the factory gives the pair of two tokens (CREATE2), with the tokens in pair order. */
export function pairAddressOf(factory: Address, tokenA: Address, tokenB: Address): { address: Address; token0: Address; token1: Address } {
  const [token0, token1] = sortTokens(tokenA, tokenB)
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: pairInitCodeHash,
  })
  return { address, token0, token1 }
}

/** Queues factory and router. Must run right after the wrapped native is queued. */
export async function deployUniswap(ctx: ChainContext): Promise<Address> {
  const factory = await ctx.tx.deploy('uniswap factory', {
    abi: uniswapV2FactoryAbi,
    bytecode: uniswapV2FactoryBytecode,
    args: [ctx.deployer],
  })
  ctx.router = await ctx.tx.deploy('uniswap router', {
    abi: uniswapV2Router02Abi,
    bytecode: uniswapV2Router02Bytecode,
    args: [factory, token(ctx, 'W').address],
  })
  return factory
}

/**
 * Queues the first liquidity of every pair in PAIRS (the router creates the pair) and fills
 * `ctx.pairs` with the CREATE2 address the factory will give it.
 */
export async function seedPairs(ctx: ChainContext, factory: Address): Promise<void> {
  for (const t of ctx.tokens.values()) {
    await ctx.tx.call(`approve router ${t.symbol}`, t.address, {
      abi: demoTokenAbi,
      functionName: 'approve',
      args: [ctx.router, maxUint256],
    })
  }
  for (const {
    tokens: [a, b],
    sideUsd,
  } of PAIRS) {
    const ta = token(ctx, a)
    const tb = token(ctx, b)
    const amountA = tokensForUsd(sideUsd, ta.price, ta.decimals)
    const amountB = tokensForUsd(sideUsd, tb.price, tb.decimals)
    const { address, token0, token1 } = pairAddressOf(factory, ta.address, tb.address)
    await ctx.tx.call(`liquidity ${a}/${b}`, ctx.router, {
      abi: uniswapV2Router02Abi,
      functionName: 'addLiquidity',
      args: [ta.address, tb.address, amountA, amountB, 0n, 0n, ctx.deployer, maxUint256],
    })
    // The first mint locks MINIMUM_LIQUIDITY (1000 wei) forever.
    const lpSupply = sqrt(amountA * amountB) - 1000n
    ctx.pairs.set(`${a}/${b}`, { key: `${a}/${b}`, address, token0, token1, lpSupply })
  }
}

/** Checks, once mined, that the factory registered every pair where the router will look. */
export async function verifyPairs(ctx: ChainContext, factory: Address): Promise<void> {
  for (const p of ctx.pairs.values()) {
    const onChain = await ctx.tx.client.readContract({
      address: factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [p.token0, p.token1],
    })
    if (onChain.toLowerCase() !== p.address.toLowerCase()) {
      throw new Error(`devnet: pair ${p.key} is at ${onChain}, expected ${p.address} (init code hash mismatch?)`)
    }
  }
}
