import { type Address, erc20Abi, maxUint256, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoTokenAbi, priceFeedAbi, uniswapV2PairAbi, uniswapV2Router02Abi } from '../../contracts/artifacts/index.js'
import { post, testApp } from '../../test/app.js'
import { confirm, devnetChain, type FundedAccount, fundedAccount, publicClientFor, TX_GAS, walletClientFor } from '../../test/devnet.js'
import type { App } from '../api/index.js'

/**
 * The zap guard on the devnet's WBNB/USDC vault, whose two tokens have price feeds: an honest zap
 * reports its price impact; a swap that moves the pair off its feeds' price makes the zap a 422
 * PRICE_DEVIATION, and a zap that costs more than its slippage a 422 PRICE_IMPACT.
 */
const CHAIN = 56
const client = () => publicClientFor(CHAIN)
const chain = () => devnetChain(CHAIN)
const fed = (token: Address) => chain().feeds.some((feed) => feed.token === token)
/** A zap vault whose pair's tokens are both fed, and one whose pair prices one of its tokens. */
const fairVault = () =>
  chain().vaults.find((vault) => vault.zap && chain().pairs.some((pair) => pair.address === vault.want && fed(pair.token0) && fed(pair.token1)))!
const spotVault = () =>
  chain().vaults.find((vault) => vault.zap && chain().pairs.some((pair) => pair.address === vault.want && !(fed(pair.token0) && fed(pair.token1))))!
const pairOf = (vault: { want: Address }) => chain().pairs.find((pair) => pair.address === vault.want)!

/** The pair's spot price off its feeds' ratio, percent, from the test's own reads. */
async function deviationFromChain(pair: { address: Address; token0: Address; token1: Address }): Promise<number> {
  const [reserve0, reserve1] = await client().readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
  const usd = async (token: Address) => {
    const feed = chain().feeds.find((candidate) => candidate.token === token)!.address
    const [, answer] = await client().readContract({ address: feed, abi: priceFeedAbi, functionName: 'latestRoundData' })
    return Number(answer) / 10 ** (await client().readContract({ address: feed, abi: priceFeedAbi, functionName: 'decimals' }))
  }
  const decimals = (token: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
  const spot = Number(reserve1) / 10 ** (await decimals(pair.token1)) / (Number(reserve0) / 10 ** (await decimals(pair.token0)))
  return Math.abs(spot / ((await usd(pair.token0)) / (await usd(pair.token1))) - 1) * 100
}

/** Swaps `amount` of `tokenIn` through the pair with the router; what came out. */
async function swap(user: FundedAccount, tokenIn: Address, tokenOut: Address, amount: bigint): Promise<bigint> {
  const wallet = walletClientFor(CHAIN, user.account)
  const before = await client().readContract({ address: tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })
  await confirm(
    CHAIN,
    wallet.writeContract({
      address: chain().uniswap.router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amount, 0n, [tokenIn, tokenOut], user.address, maxUint256],
      gas: TX_GAS,
    }),
  )
  return (await client().readContract({ address: tokenOut, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })) - before
}

let app: App
let user: FundedAccount
beforeAll(async () => {
  app = await testApp()
  user = await fundedAccount(CHAIN)
})
afterAll(() => app.close())

/** Zaps one unit of the vault's default input token (by its decimals). */
async function zap(vault: { address: Address; zap?: Address; zapTokenIn?: Address }, slippage: number) {
  const decimals = await client().readContract({ address: vault.zapTokenIn!, abi: erc20Abi, functionName: 'decimals' })
  const amount = parseUnits('1', decimals)
  return post(app, `/yield/${vault.address}/tx/zap-in`, {
    user: user.address,
    tokenInAmount: amount.toString(),
    yieldZapAddress: vault.zap,
    slippage,
    chainId: CHAIN,
  })
}

describe('the zap guard', () => {
  it('an honest zap reports its price impact against the feeds: the pool fee and little more, under its slippage', async () => {
    expect(await deviationFromChain(pairOf(fairVault()))).toBeLessThan(2)
    const { status, body } = await zap(fairVault(), 1)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.priceImpact).toBeGreaterThanOrEqual(0.29)
    expect(body.priceImpact).toBeLessThan(1)
    expect(body.priceImpactNote).toBeUndefined()
  })

  it('a pair that prices one of its own tokens is measured against itself, and says so', async () => {
    const { status, body } = await zap(spotVault(), 1)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.priceImpact).toBeTypeOf('number')
    expect(body.priceImpactNote).toContain('priced through pair')
  })

  it('an impact above the slippage allowed is a 422 PRICE_IMPACT saying how much', async () => {
    const { status, body } = await zap(fairVault(), 0.1)
    expect(status).toBe(422)
    expect(body.code).toBe('PRICE_IMPACT')
    const [, impact] = /would pay ([0-9.]+) % below/.exec(body.detail)!
    expect(Number(impact)).toBeGreaterThan(0.1)
    expect(body.detail).toContain('0.1 % slippage allowed')
  })

  it('a pair moved off its fair price is a 422 PRICE_DEVIATION naming the deviation; once moved back, the zap is served again', async () => {
    const pair = pairOf(fairVault())
    // The side that is not the wrapped native: a demo token anyone may mint.
    const [side, other] = pair.token0 === chain().wrappedNative ? [pair.token1, pair.token0] : [pair.token0, pair.token1]
    const [reserve0, reserve1] = await client().readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    // A tenth of that side's reserve swapped in moves the pair's price by about 20 %.
    const amount = (side === pair.token0 ? reserve0 : reserve1) / 10n
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(CHAIN, wallet.writeContract({ address: side, abi: demoTokenAbi, functionName: 'mint', args: [user.address, amount], gas: TX_GAS }))
    const received = await swap(user, side, other, amount)
    try {
      const { status, body } = await zap(fairVault(), 1)
      expect(status).toBe(422)
      expect(body.code).toBe('PRICE_DEVIATION')
      const [, deviation] = /trades ([0-9.]+) % off the fair price of its tokens \(bound 2 %\)/.exec(body.detail)!
      expect(Math.abs(Number(deviation) - (await deviationFromChain(pair)))).toBeLessThan(0.5)
    } finally {
      await swap(user, other, side, received)
    }
    expect(await deviationFromChain(pair)).toBeLessThan(2)
    expect((await zap(fairVault(), 1)).status).toBe(200)
  })
})
