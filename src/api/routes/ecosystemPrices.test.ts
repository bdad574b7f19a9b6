import { erc20Abi, maxUint256, parseUnits, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  demoTokenAbi,
  demoTokenBytecode,
  priceFeedAbi,
  priceFeedBytecode,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2Router02Abi,
} from '../../../contracts/artifacts/index.js'
import { get, testApp } from '../../../test/app.js'
import { confirm, deploy, devnet, devnetChain, fundedAccount, publicClientFor, TX_GAS, walletClientFor, type FundedAccount } from '../../../test/devnet.js'
import { devnetRegistry } from '../../devnet/index.js'
import type { RegistryFile } from '../../registry/index.js'
import type { App } from '../deps.js'

const closeTo = (actual: number, expected: number, relative = 1e-9) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * relative)

describe('prices that cannot be given, and manipulation', () => {
  const CHAIN = 43114
  let user: FundedAccount
  let app: App
  const fresh: Record<'fed' | 'stale' | 'empty' | 'bare', Address> = {} as never
  let fedPair: Address
  let stalePair: Address

  /** A faucet token of the test's own, approved to the router. */
  async function newToken(symbol: string): Promise<Address> {
    const token = await deploy(CHAIN, user.account, { abi: demoTokenAbi, bytecode: demoTokenBytecode, args: [symbol, symbol, 18] })
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(CHAIN, wallet.writeContract({ address: token, abi: demoTokenAbi, functionName: 'mint', args: [user.address, parseUnits('100000000', 18)] }))
    await confirm(
      CHAIN,
      wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [devnetChain(CHAIN).uniswap.router, maxUint256] }),
    )
    return token
  }

  async function pairWithUsdc(token: Address, tokenAmount: bigint, usdcAmount: bigint): Promise<Address> {
    const chain = devnetChain(CHAIN)
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(
      CHAIN,
      wallet.writeContract({
        address: chain.uniswap.router,
        abi: uniswapV2Router02Abi,
        functionName: 'addLiquidity',
        args: [token, chain.tokens.USDC!, tokenAmount, usdcAmount, 0n, 0n, user.address, maxUint256],
        gas: TX_GAS,
      }),
    )
    return publicClientFor(CHAIN).readContract({
      address: chain.uniswap.factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [token, chain.tokens.USDC!],
    })
  }

  beforeAll(async () => {
    user = await fundedAccount(CHAIN)
    const chain = devnetChain(CHAIN)
    const wallet = walletClientFor(CHAIN, user.account)
    for (const name of ['fed', 'stale', 'empty', 'bare'] as const) fresh[name] = await newToken(name.toUpperCase())
    const fedFeed = await deploy(CHAIN, user.account, { abi: priceFeedAbi, bytecode: priceFeedBytecode, args: [8, 'FED / USD', 10n * 10n ** 8n] })
    const staleFeed = await deploy(CHAIN, user.account, { abi: priceFeedAbi, bytecode: priceFeedBytecode, args: [8, 'STALE / USD', 3n * 10n ** 8n] })
    const { timestamp } = await publicClientFor(CHAIN).getBlock()
    await confirm(
      CHAIN,
      wallet.writeContract({ address: staleFeed, abi: priceFeedAbi, functionName: 'setRoundData', args: [3n * 10n ** 8n, timestamp - 7_200n] }),
    )
    fedPair = await pairWithUsdc(fresh.fed, parseUnits('100000', 18), parseUnits('1000000', 6))
    stalePair = await pairWithUsdc(fresh.stale, parseUnits('100000', 18), parseUnits('300000', 6))
    await confirm(
      CHAIN,
      wallet.writeContract({ address: chain.uniswap.factory, abi: uniswapV2FactoryAbi, functionName: 'createPair', args: [fresh.empty, chain.tokens.USDC!] }),
    )
    const emptyPair = await publicClientFor(CHAIN).readContract({
      address: chain.uniswap.factory,
      abi: uniswapV2FactoryAbi,
      functionName: 'getPair',
      args: [fresh.empty, chain.tokens.USDC!],
    })

    const file: RegistryFile = devnetRegistry(devnet())
    const own = file.chains[String(CHAIN)]!
    const pairOf = (address: Address, token: Address) => {
      const [token0, token1] = token.toLowerCase() < chain.tokens.USDC!.toLowerCase() ? [token, chain.tokens.USDC!] : [chain.tokens.USDC!, token]
      return { address, token0, token1 }
    }
    own.priceFeeds!.push({ address: fedFeed, token: fresh.fed, heartbeatSeconds: 3600 }, { address: staleFeed, token: fresh.stale, heartbeatSeconds: 3600 })
    own.lpPairs!.push(pairOf(fedPair, fresh.fed), pairOf(stalePair, fresh.stale), pairOf(emptyPair, fresh.empty))
    own.tokens.push(
      { address: fresh.fed, price: { feed: fedFeed } },
      { address: fresh.stale, price: { feed: staleFeed } },
      { address: fresh.empty, price: { pair: emptyPair } },
      { address: fresh.bare },
    )
    // The test account stands in for bridges holding each token, so E1 must value them.
    file.bridges!.push({ ticker: 'TEST', symbol: 'TEST', name: 'Test bridge' })
    for (const token of [fresh.stale, fresh.empty, fresh.bare])
      own.bridges!.push({ address: token === fresh.stale ? user.address : token, token, ticker: 'TEST' })
    app = await testApp({ registry: file })
  })
  afterAll(() => app?.close())

  it('a stale feed, an empty pair and a token without a route are named in E1 warnings, not counted as 0', async () => {
    const { status, body } = await get(app, '/tvl?platform=bridge')
    expect(status).toBe(200)
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^chain ${CHAIN}: ${fresh.stale} cannot be priced: its feed's last round .* is older than the 3600 s heartbeat$`)),
        expect.stringContaining(`${fresh.empty} cannot be priced: pair`),
        expect.stringContaining(`${fresh.bare} cannot be priced: the registry gives it no price route`),
      ]),
    )
    const pool = await get(app, '/tvl?platform=pool')
    expect(pool.body.warnings).toEqual([])
  })

  it('an LP whose side has a stale feed is a 422 saying so (U2)', async () => {
    const { status, body } = await get(app, `/lp?lptoken=${stalePair}&amount=1000000&chain=${CHAIN}`)
    expect(status).toBe(422)
    expect(body).toMatchObject({ code: 'PRICE_UNAVAILABLE', detail: expect.stringContaining(`${fresh.stale}, which has no price`) })
  })

  it('the fair-reserves LP price stays within 1% after a large swap, while the spot formula moves', async () => {
    const amount = parseUnits('1', 18)
    const before = (await get(app, `/lp?lptoken=${fedPair}&amount=${amount}&chain=${CHAIN}`)).body[fedPair].usd
    const spot = async () => {
      const client = publicClientFor(CHAIN)
      const [reserve0, reserve1] = await client.readContract({ address: fedPair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
      const supply = await client.readContract({ address: fedPair, abi: uniswapV2PairAbi, functionName: 'totalSupply' })
      const fedIs0 = fresh.fed.toLowerCase() < devnetChain(CHAIN).tokens.USDC!.toLowerCase()
      const [fed, usdc] = fedIs0 ? [reserve0, reserve1] : [reserve1, reserve0]
      return ((Number(fed) / 1e18) * 10 + Number(usdc) / 1e6) / (Number(supply) / 1e18)
    }
    const spotBefore = await spot()
    closeTo(before, spotBefore, 1e-6)
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(
      CHAIN,
      wallet.writeContract({
        address: devnetChain(CHAIN).uniswap.router,
        abi: uniswapV2Router02Abi,
        functionName: 'swapExactTokensForTokens',
        args: [parseUnits('60000', 18), 0n, [fresh.fed, devnetChain(CHAIN).tokens.USDC!], user.address, maxUint256],
        gas: TX_GAS,
      }),
    )
    const after = (await get(app, `/lp?lptoken=${fedPair}&amount=${amount}&chain=${CHAIN}`)).body[fedPair].usd
    expect(Math.abs(after - before) / before).toBeLessThan(0.01)
    expect(Math.abs((await spot()) - spotBefore) / spotBefore).toBeGreaterThan(0.05)
  })
})
