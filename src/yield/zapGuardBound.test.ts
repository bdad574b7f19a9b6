import { type Address, createWalletClient, erc20Abi, type Hex, http, maxUint256, parseEventLogs, parseUnits, type TransactionReceipt } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { demoTokenAbi, priceFeedAbi, uniswapV2PairAbi, uniswapV2Router02Abi, weth9Abi } from '../../contracts/artifacts/index.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { ownService } from '../../test/ownService.js'
import type { TxDescriptor } from '../schema/index.js'

/**
 * The zap guard's 2 % bound itself (the guard on the devnet's chain is in zapGuard.test.ts), on a
 * chain of the test's own (no other test file trades its pairs) and through
 * a refresher's snapshot, as a running service guards: the fair prices come from the snapshot, the
 * pair's reserves from the request's own read.
 */
describe('the zap guard at its 2 % bound, with a running service', () => {
  const OWN = 5602
  let trader: ReturnType<typeof privateKeyToAccount>
  const { own, service } = ownService(
    { chainId: OWN, specOf: 56 },
    {
      ready: async (service, own) => {
        expect(await service.refresher.refresh(OWN)).toBeDefined()
        trader = privateKeyToAccount(own.manifest.accounts[7]!.privateKey as Hex)
      },
    },
  )
  const ownVault = () =>
    own().manifest.vaults.find(
      (vault) => vault.zap && own().manifest.pairs.some((pair) => pair.address === vault.want && [pair.token0, pair.token1].every((token) => ownFed(token))),
    )!
  const ownFed = (token: Address) => own().manifest.feeds.some((feed) => feed.token === token)
  const ownPair = () => own().manifest.pairs.find((pair) => pair.address === ownVault().want)!

  /** The pair's token0 price in token1 off its feeds' ratio, signed percent, from the test's own reads. */
  async function signedDeviation(reserves?: { r0: bigint; r1: bigint }): Promise<number> {
    const pair = ownPair()
    const [r0, r1] = reserves
      ? [reserves.r0, reserves.r1]
      : await own().client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    const usd = async (token: Address) => {
      const feed = own().manifest.feeds.find((candidate) => candidate.token === token)!.address
      const [, answer] = await own().client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'latestRoundData' })
      return Number(answer) / 10 ** (await own().client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'decimals' }))
    }
    const decimals = (token: Address) => own().client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
    const spot = Number(r1) / 10 ** (await decimals(pair.token1)) / (Number(r0) / 10 ** (await decimals(pair.token0)))
    return (spot / ((await usd(pair.token0)) / (await usd(pair.token1))) - 1) * 100
  }

  /**
   * Moves the pair to `percent` off its fair price (signed, from the test's own constant-product
   * math with the 0.3 % fee, by bisection), by swapping in whichever token moves it that way: the
   * demo token (which anyone may mint) or the wrapped native (wrapped from the trader's coin).
   */
  async function moveTo(percent: number): Promise<void> {
    const pair = ownPair()
    const [r0, r1] = await own().client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    // Swapping in token0 lowers token0's price; token1 raises it.
    const tokenIn = (await signedDeviation()) > percent ? pair.token0 : pair.token1
    const tokenOut = tokenIn === pair.token0 ? pair.token1 : pair.token0
    const [rIn, rOut] = tokenIn === pair.token0 ? [r0, r1] : [r1, r0]
    const after = (amount: bigint) => {
      const out = (amount * 997n * rOut) / (rIn * 1000n + amount * 997n)
      return tokenIn === pair.token0 ? { r0: r0 + amount, r1: r1 - out } : { r0: r0 - out, r1: r1 + amount }
    }
    const falls = tokenIn === pair.token0
    let [low, high] = [0n, rIn]
    for (let step = 0; step < 80 && high - low > 1n; step++) {
      const middle = (low + high) / 2n
      const deviation = await signedDeviation(after(middle))
      if (falls ? deviation > percent : deviation < percent) low = middle
      else high = middle
    }
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: trader })
    const send = async (request: object) => {
      await confirmOn(own().client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    }
    if (tokenIn === own().manifest.wrappedNative) await send({ address: tokenIn, abi: weth9Abi, functionName: 'deposit', value: high })
    else await send({ address: tokenIn, abi: demoTokenAbi, functionName: 'mint', args: [trader.address, high] })
    await send({ address: tokenIn, abi: erc20Abi, functionName: 'approve', args: [own().manifest.uniswap.router, high] })
    await send({
      address: own().manifest.uniswap.router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [high, 0n, [tokenIn, tokenOut], trader.address, maxUint256],
    })
    expect(Math.abs((await signedDeviation()) - percent)).toBeLessThan(0.01)
  }

  async function ownZap() {
    const vault = ownVault()
    const decimals = await own().client.readContract({ address: vault.zapTokenIn!, abi: erc20Abi, functionName: 'decimals' })
    const response = await service().app.inject({
      method: 'POST',
      url: `/yield/${vault.address}/tx/zap-in`,
      payload: { user: trader.address, tokenInAmount: parseUnits('1', decimals).toString(), yieldZapAddress: vault.zap, slippage: 5, chainId: OWN },
    })
    return { status: response.statusCode, body: response.json() }
  }

  it('serves a zap 1.9 % off the fair price and refuses one 2.1 % off, naming the deviation the chain shows', async () => {
    // The demo side swapped in moves the price one way: token0's down when it is token0, else up.
    const pair = ownPair()
    const sign = (pair.token0 === own().manifest.wrappedNative ? pair.token1 : pair.token0) === pair.token0 ? -1 : 1
    await moveTo(sign * 1.9)
    const below = await ownZap()
    expect(below.status, JSON.stringify(below.body)).toBe(200)
    await moveTo(sign * 2.1)
    const above = await ownZap()
    expect(above.status, JSON.stringify(above.body)).toBe(422)
    expect(above.body.code).toBe('PRICE_DEVIATION')
    const [, deviation] = /trades ([0-9.]+) % off the fair price of its tokens \(bound 2 %\)/.exec(above.body.detail)!
    expect(Math.abs(Number(deviation) - Math.abs(await signedDeviation()))).toBeLessThan(0.001)
  })

  /** Sends a descriptor's approvals and call as the trader's wallet would, each at its own gas and fees; the call's receipt. */
  async function sendAsTrader(tx: TxDescriptor) {
    const wallet = createWalletClient({ chain: own().chain, transport: http(own().manifest.rpcUrl), account: trader })
    let receipt: TransactionReceipt | undefined
    for (const step of [...(tx.approvals ?? []), tx]) {
      receipt = await confirmOn(own().client, wallet.sendTransaction(step as never))
    }
    return receipt!
  }

  async function ownZapOut(shares: bigint, slippage: number) {
    const vault = ownVault()
    const pair = ownPair()
    const tokenOut = pair.token0 === own().manifest.wrappedNative ? pair.token1 : pair.token0
    const response = await service().app.inject({
      method: 'POST',
      url: `/yield/${vault.address}/tx/zap-out`,
      payload: { user: trader.address, ibtAmount: shares.toString(), tokenOut, yieldZapAddress: vault.zap, slippage, chainId: OWN },
    })
    return { status: response.statusCode, body: response.json() }
  }

  it('guards a zap-out at the same bound: served 1.9 % off, refused 2.1 % off; a PRICE_IMPACT at a tiny slippage; the impact the chain shows', async () => {
    const pair = ownPair()
    const sign = (pair.token0 === own().manifest.wrappedNative ? pair.token1 : pair.token0) === pair.token0 ? -1 : 1
    // Shares to zap out of: the trader zaps in first, near the fair price.
    await moveTo(0)
    const zapIn = await ownZap()
    expect(zapIn.status, JSON.stringify(zapIn.body)).toBe(200)
    await sendAsTrader(zapIn.body as TxDescriptor)
    const shares = (await own().client.readContract({ address: ownVault().address, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })) / 4n
    expect(shares).toBeGreaterThan(0n)

    await moveTo(sign * 1.9)
    const below = await ownZapOut(shares, 5)
    expect(below.status, JSON.stringify(below.body)).toBe(200)
    await moveTo(sign * 2.1)
    const above = await ownZapOut(shares, 5)
    expect(above.status, JSON.stringify(above.body)).toBe(422)
    expect(above.body.code).toBe('PRICE_DEVIATION')
    const [, deviation] = /trades ([0-9.]+) % off the fair price of its tokens \(bound 2 %\)/.exec(above.body.detail)!
    expect(Math.abs(Number(deviation) - Math.abs(await signedDeviation()))).toBeLessThan(0.001)

    await moveTo(0)
    const tiny = await ownZapOut(shares, 0.01)
    expect(tiny.status, JSON.stringify(tiny.body)).toBe(422)
    expect(tiny.body.code).toBe('PRICE_IMPACT')

    // The impact served is the one the mined swap shows against the feeds' prices.
    const served = await ownZapOut(shares, 5)
    expect(served.status, JSON.stringify(served.body)).toBe(200)
    const receipt = await sendAsTrader(served.body as TxDescriptor)
    const [swapped] = parseEventLogs({ abi: uniswapV2PairAbi, logs: receipt.logs, eventName: 'Swap' }).filter(
      (log) => log.address.toLowerCase() === pair.address.toLowerCase(),
    )
    expect(swapped).toBeDefined()
    const { amount0In, amount1In, amount0Out, amount1Out } = swapped!.args
    const [tokenIn, amountIn, tokenOut, amountOut] =
      amount0In > 0n ? [pair.token0, amount0In, pair.token1, amount1Out] : [pair.token1, amount1In, pair.token0, amount0Out]
    const value = async (token: Address, amount: bigint) => {
      const feed = own().manifest.feeds.find((candidate) => candidate.token === token)!.address
      const [, answer] = await own().client.readContract({
        address: feed,
        abi: priceFeedAbi,
        functionName: 'latestRoundData',
        blockNumber: receipt.blockNumber,
      })
      const feedDecimals = await own().client.readContract({ address: feed, abi: priceFeedAbi, functionName: 'decimals' })
      const decimals = await own().client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' })
      return (Number(amount) / 10 ** decimals) * (Number(answer) / 10 ** feedDecimals)
    }
    const onChain = (1 - (await value(tokenOut, amountOut)) / (await value(tokenIn, amountIn))) * 100
    expect(served.body.priceImpact).toBeCloseTo(onChain, 3)
  })
})
