import { erc20Abi, type Hex, maxUint256, createWalletClient, http, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, strategyFarmAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { indexedOwnChain, type IndexedOwnChain } from '../../test/indexedOwnChain.js'
import type { OwnChain } from '../../test/ownChain.js'
import { pricesFromChain } from '../../test/pricesFromChain.js'
import type { RefresherApp } from '../../test/refresherApp.js'
import type { ChainRegistry } from '../registry/index.js'
import { moved } from '../../test/moved.js'

const CHAIN = 31_477
const USER = 9

let chain: IndexedOwnChain
let own: OwnChain
let service: RefresherApp
let registry: ChainRegistry

type Point = {
  chainId: number
  blockNumber: string
  timestamp: number
  worthUsd: number | null
  costBasisUsd: number | null
  realizedUsd: number | null
  rewardsClaimedUsd: number | null
  pnlUsd: number | null
  note?: string
}

function expectClose(served: number | null, oracle: number, what: string): void {
  expect(served, what).not.toBeNull()
  expect(Math.abs(served! - oracle), `${what}: served ${served}, chain ${oracle}`).toBeLessThanOrEqual(
    1e-9 * Math.max(Math.abs(oracle), Math.abs(served!), 1e-6),
  )
}

describe('GET /users/{address}/pnl/history', () => {
  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN, history: true })
    ;({ own, service, registry } = chain)
  }, 120_000)
  afterAll(() => chain?.close())

  it("gives the user's worth, cost basis and PnL an hour apart, each at its block's prices and vault totals, as the chain alone computes them", async () => {
    const account = privateKeyToAccount(own.manifest.accounts[USER]!.privateKey as Hex)
    const user = account.address
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (request: object) => confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS } as never))
    const beefy = own.manifest.vaults.find((vault) => vault.kind === 'beefy' && vault.strategy)!
    const read = (functionName: 'balance' | 'totalSupply', blockNumber: bigint) =>
      own.client.readContract({ address: beefy.address, abi: beefyVaultAbi, functionName, blockNumber })
    // An hour of chain time passes, the feeds post, then the refresher records a point (a second of wall time apart, its history interval).
    const hourLater = async () => {
      await own.client.request({ method: 'evm_increaseTime', params: [3_600] } as never)
      // The feeds post a round, as their keepers do: an hour-old round would be past a feed's heartbeat.
      await own.refreshFeeds()
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const head = await own.client.getBlockNumber({ cacheTime: 0 })
      expect(await service.index!.reach(CHAIN, head, 30_000)).toBe(true)
      await service.refresher.refresh(CHAIN)
      return head
    }

    await send({ address: beefy.want, abi: erc20Abi, functionName: 'approve', args: [beefy.address, maxUint256] })
    const wantHeld = await own.client.readContract({ address: beefy.want, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
    const deposit = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'deposit', args: [wantHeld / 10n] })
    const first = await hourLater()
    await send({ address: beefy.strategy!, abi: strategyFarmAbi, functionName: 'harvest' })
    const second = await hourLater()
    const shares = moved(deposit, beefy.address, zeroAddress, user)
    const withdrawal = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [shares / 2n] })
    const third = await hourLater()

    const { status, body } = await get(service.app, `/users/${user}/pnl/history?chain=${CHAIN}&interval=1h`)
    expect(status, JSON.stringify(body)).toBe(200)
    const points = body.points as Point[]
    expect(points.map((point) => BigInt(point.blockNumber))).toEqual([first, second, third])

    // The oracle: the deposit's and the withdrawal's transfers, the vault's totals and prices at each point's block.
    const wantIn = moved(deposit, beefy.want, user, beefy.address)
    const depositUsd = await pricesFromChain(CHAIN, registry, deposit.blockNumber, own.client).value(beefy.want, wantIn)
    const burned = moved(withdrawal, beefy.address, user, zeroAddress)
    const paid = moved(withdrawal, beefy.want, beefy.address, user)
    const paidUsd = await pricesFromChain(CHAIN, registry, withdrawal.blockNumber, own.client).value(beefy.want, paid)
    for (const point of points) {
      const block = BigInt(point.blockNumber)
      const withdrawn = block >= withdrawal.blockNumber
      const held = withdrawn ? shares - burned : shares
      const worth = (held * (await read('balance', block))) / (await read('totalSupply', block))
      const worthUsd = await pricesFromChain(CHAIN, registry, block, own.client).value(beefy.want, worth)
      const retiredUsd = withdrawn ? (depositUsd * Number(burned)) / Number(shares) : 0
      const costUsd = depositUsd - retiredUsd
      const realizedUsd = withdrawn ? paidUsd - retiredUsd : 0
      expect(point.note).toBeUndefined()
      expectClose(point.worthUsd, worthUsd, `worth at ${block}`)
      expectClose(point.costBasisUsd, costUsd, `cost basis at ${block}`)
      expect(point.realizedUsd).toBeCloseTo(realizedUsd, 9)
      expect(point.rewardsClaimedUsd).toBe(0)
      expectClose(point.pnlUsd, worthUsd - costUsd + realizedUsd, `pnl at ${block}`)
    }
    // The harvest raised what the shares are worth between the first and the second point.
    expect(points[1]!.worthUsd! / points[0]!.worthUsd!).not.toBe(1)
  }, 180_000)
})
