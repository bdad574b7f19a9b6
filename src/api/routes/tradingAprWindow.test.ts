import { type Address, createWalletClient, erc20Abi, type Hex, http, maxUint256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { uniswapV2Router02Abi } from '../../../contracts/artifacts/index.js'
import { get } from '../../../test/app.js'
import { confirmOn, TX_GAS } from '../../../test/devnet.js'
import { ownService } from '../../../test/ownService.js'
import { rootKGrowth } from '../../../test/rootK.js'

const CHAIN = 31_463
const HOUR = 3_600
const YEAR = 365 * 86_400

type Entry = {
  address: Address
  apyBreakdown: { tradingApr: number | null; tradingAprFrom: { window: string; blockNumber: string; timestamp: number } | null } | null
}

/**
 * A chain a day and a half old has no base a week back: tradingApr falls back to the 1-day window,
 * and says so in `tradingAprFrom`, with the growth of √k per LP token the chain shows over it.
 */
describe('tradingApr on a chain younger than a week', () => {
  let dayBack: bigint
  const { own, service } = ownService(
    { chainId: CHAIN, specOf: 56 },
    {
      setUp: async (own) => {
        const rpc = (method: string, params: unknown[]) => own.client.request({ method, params } as never)
        // A block 12 hours after deployment: a day before the head, the 1-day window's base.
        await rpc('evm_increaseTime', [toHex(12 * HOUR)])
        await own.mine(1)
        dayBack = await own.client.getBlockNumber({ cacheTime: 0 })
        await rpc('evm_increaseTime', [toHex(24 * HOUR)])
        // A round trip through every pair's router path a vault's want is: its fees grow √k.
        const trader = privateKeyToAccount(own.manifest.accounts[3]!.privateKey as Hex)
        const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: trader })
        const send = (request: object) => confirmOn(own.client, wallet.writeContract({ gas: TX_GAS, ...request } as never))
        for (const pair of own.manifest.pairs.filter((candidate) => own.manifest.vaults.some((vault) => vault.want === candidate.address))) {
          const amount = (await own.client.readContract({ address: pair.token0, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })) / 100n
          await send({ address: pair.token0, abi: erc20Abi, functionName: 'approve', args: [own.manifest.uniswap.router, maxUint256] })
          await send({ address: pair.token1, abi: erc20Abi, functionName: 'approve', args: [own.manifest.uniswap.router, maxUint256] })
          const before = await own.client.readContract({ address: pair.token1, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
          const swap = (path: Address[], amountIn: bigint) =>
            send({
              address: own.manifest.uniswap.router,
              abi: uniswapV2Router02Abi,
              functionName: 'swapExactTokensForTokens',
              args: [amountIn, 0n, path, trader.address, maxUint256],
            })
          await swap([pair.token0, pair.token1], amount)
          const got = (await own.client.readContract({ address: pair.token1, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })) - before
          await swap([pair.token1, pair.token0], got)
        }
        await own.refreshFeeds()
      },
      ready: async (service, own) => {
        // The first snapshot asks for the bases; the next carries them.
        await service.refresher.refresh(CHAIN)
        await service.refresher.settled()
        await own.mine(1)
        await service.refresher.refresh(CHAIN)
      },
      timeout: 120_000,
    },
  )

  it("measures it over the 1-day window from that window's base, and the figure is the chain's", async () => {
    const { status, body, headers } = await get(service().app, `/vaults?chain=${CHAIN}`)
    expect(status).toBe(200)
    const blockNumber = BigInt(String(headers['x-block-number']))
    const now = Number((await own().client.getBlock({ blockNumber })).timestamp)
    const lpVaults = own().manifest.vaults.filter((vault) => vault.strategy && own().manifest.pairs.some((pair) => pair.address === vault.want))
    expect(lpVaults.length).toBeGreaterThan(0)
    for (const vault of lpVaults) {
      const breakdown = (body as Entry[]).find((entry) => entry.address === vault.address)!.apyBreakdown
      expect(breakdown, vault.address).not.toBeNull()
      const from = breakdown!.tradingAprFrom!
      expect(from).toMatchObject({ window: '1d', blockNumber: dayBack.toString() })
      expect(from.timestamp).toBe(Number((await own().client.getBlock({ blockNumber: dayBack })).timestamp))
      const expected = (await rootKGrowth(own().client, vault.want, dayBack, blockNumber)) * (YEAR / (now - from.timestamp))
      expect(expected).toBeGreaterThan(0)
      expect(Math.abs(breakdown!.tradingApr! - expected)).toBeLessThanOrEqual(1e-9 * expected)
    }
  })
})
