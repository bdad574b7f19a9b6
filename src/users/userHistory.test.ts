import { indexedOwnChain, type IndexedOwnChain } from '../../test/indexedOwnChain.js'
import { type Address, erc20Abi, type Hex, maxUint256, parseEther, parseEventLogs, type TransactionReceipt, createWalletClient, getAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, multiRewardsAbi, uniswapV2ZapAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import type { OwnChain } from '../../test/ownChain.js'
import { heldUnderlying } from '../../test/heldUnderlying.js'
import { pricesFromChain } from '../../test/pricesFromChain.js'
import type { RefresherApp } from '../../test/refresherApp.js'
import type { ChainRegistry } from '../registry/index.js'
import { moved } from '../../test/moved.js'

const CHAIN = 31_404
const USER = 9
const FRIEND = 8

let chain: IndexedOwnChain
let own: OwnChain
let service: RefresherApp
let registry: ChainRegistry

type Action = {
  chainId: number
  block: string
  txHash: Hex
  action: string
  contract: Address
  pid?: number
  token: Address
  amount: string
  underlying?: string
  usd: number | null
}

describe('GET /users/{address}/history and what positions say was deposited', () => {
  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN, blockIntervalSeconds: 3 })
    ;({ own, service, registry } = chain)
  }, 120_000)
  afterAll(() => chain?.close())

  it('lists every deposit, withdrawal, transfer, stake and claim as the chain moved them, each valued at its block; deposited and earned add up', async () => {
    const account = privateKeyToAccount(own.manifest.accounts[USER]!.privateKey as Hex)
    const user = account.address
    const friend = getAddress(own.manifest.accounts[FRIEND]!.address)
    const wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    const send = (request: object, value?: bigint) =>
      confirmOn(own.client, wallet.writeContract({ ...request, gas: TX_GAS, ...(value !== undefined && { value }) } as never))
    const balance = (token: Address) => own.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
    const beefy = own.manifest.vaults.find((vault) => vault.kind === 'beefy' && vault.zap)!
    const erc4626 = own.manifest.vaults.find((vault) => vault.kind === 'erc4626')!
    const multi = own.manifest.rewardPoolFamilies.pools.find((pool) => pool.kind === 'multi-rewards')!

    for (const [token, spender] of [
      [beefy.want, beefy.address],
      [erc4626.want, erc4626.address],
      [multi.stakingTokens[0]!, multi.address],
    ] as const)
      await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    const direct = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'deposit', args: [(await balance(beefy.want)) / 10n] })
    const zapped = await send({ address: beefy.zap!, abi: uniswapV2ZapAbi, functionName: 'beefInETH', args: [beefy.address, 0n] }, parseEther('1'))
    const shares = await own.client.readContract({ address: beefy.address, abi: beefyVaultAbi, functionName: 'balanceOf', args: [user] })
    const withdrawn = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [shares / 3n] })
    const given = await send({ address: beefy.address, abi: erc20Abi, functionName: 'transfer', args: [friend, shares / 10n] })
    const assets = (await balance(erc4626.want)) / 10n
    const deposited4626 = await send({ address: erc4626.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [assets, user] })
    const redeemed = await send({ address: erc4626.address, abi: erc4626VaultAbi, functionName: 'withdraw', args: [assets / 4n, user, user] })
    const stake = (await balance(multi.stakingTokens[0]!)) / 10n
    const staked = await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'stake', args: [stake] })
    await own.mine(5)
    const claimed = await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'getReward' })

    expect(await service.index!.reach(CHAIN, claimed.blockNumber, 30_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    const { status, body } = await get(service.app, `/users/${user}/history?chain=${CHAIN}`)
    expect(status).toBe(200)
    const actions = body.actions as Action[]
    const of = (receipt: TransactionReceipt, action: string) => actions.filter((entry) => entry.txHash === receipt.transactionHash && entry.action === action)

    // The oracle: what each receipt's own logs say moved.
    const rewardsPaid = parseEventLogs({ abi: multiRewardsAbi, eventName: 'RewardPaid', logs: claimed.logs })
    const supplyAt = (block: bigint) => own.client.readContract({ address: beefy.address, abi: beefyVaultAbi, functionName: 'totalSupply', blockNumber: block })
    const balanceAt = (block: bigint) => own.client.readContract({ address: beefy.address, abi: beefyVaultAbi, functionName: 'balance', blockNumber: block })
    const givenWorth = ((shares / 10n) * (await balanceAt(given.blockNumber))) / (await supplyAt(given.blockNumber))
    const expected = [
      { receipt: direct, action: 'deposit', contract: beefy.address, token: beefy.want, amount: moved(direct, beefy.want, user, beefy.address) },
      { receipt: zapped, action: 'deposit', contract: beefy.address, token: beefy.want, amount: moved(zapped, beefy.want, beefy.zap!, beefy.address) },
      { receipt: withdrawn, action: 'withdraw', contract: beefy.address, token: beefy.want, amount: moved(withdrawn, beefy.want, beefy.address, user) },
      { receipt: given, action: 'transfer-out', contract: beefy.address, token: beefy.address, amount: shares / 10n, underlying: givenWorth },
      { receipt: deposited4626, action: 'deposit', contract: erc4626.address, token: erc4626.want, amount: assets },
      { receipt: redeemed, action: 'withdraw', contract: erc4626.address, token: erc4626.want, amount: assets / 4n },
      { receipt: staked, action: 'stake', contract: multi.address, token: multi.stakingTokens[0]!, amount: stake, pid: 0 },
      ...rewardsPaid.map((log) => ({
        receipt: claimed,
        action: 'claim',
        contract: multi.address,
        token: log.args.rewardsToken,
        amount: log.args.reward,
        pid: 0,
      })),
    ]
    expect(actions).toHaveLength(expected.length)
    for (const want of expected) {
      const [served, ...more] = of(want.receipt, want.action).filter((entry) => entry.token === want.token)
      expect(more, `${want.action} ${want.receipt.transactionHash}`).toEqual([])
      expect(want.amount, `${want.action} moved nothing`).toBeGreaterThan(0n)
      expect(served, `${want.action} ${want.receipt.transactionHash}`).toMatchObject({
        chainId: CHAIN,
        block: String(want.receipt.blockNumber),
        contract: want.contract,
        amount: String(want.amount),
        ...('pid' in want && { pid: want.pid }),
        ...('underlying' in want && { underlying: String(want.underlying) }),
      })
      const prices = pricesFromChain(CHAIN, registry, want.receipt.blockNumber, own.client)
      const usd = await prices.value(want.action === 'transfer-out' ? beefy.want : want.token, 'underlying' in want ? want.underlying! : want.amount)
      expect(served!.usd! / usd, `${want.action} usd`).toBeCloseTo(1, 9)
    }
    const blocks = actions.map((entry) => BigInt(entry.block))
    expect(blocks).toEqual([...blocks].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)))

    // Positions: deposited is what the history put in less what it took out; earned the rest.
    const { body: positions, headers } = await get(service.app, `/users/${user}/positions?chain=${CHAIN}`)
    const at = BigInt(headers['x-block-number'] as string)
    expect(at).toBeGreaterThanOrEqual(claimed.blockNumber)
    const position = (address: Address) =>
      (positions.positions as { address: Address; amount: string; deposited: string; earned: string }[]).find((entry) => entry.address === address)!
    const beefyIn = expected[0]!.amount + expected[1]!.amount - expected[2]!.amount - givenWorth
    // earned: what the shares are worth by the vault's own reads at the answer's block, less deposited.
    const worth = (vault: typeof beefy) => heldUnderlying(own.client, vault, user, at)
    expect(position(beefy.address)).toMatchObject({ deposited: String(beefyIn), earned: String((await worth(beefy)) - beefyIn) })
    // A loss of a few wei is the vault's rounding (a fresh deposit's shares are worth a wei less): not shown as a loss.
    const earned4626 = (await worth(erc4626)) - (assets - assets / 4n)
    expect(earned4626).toBeGreaterThanOrEqual(-2n)
    expect(position(erc4626.address)).toMatchObject({ deposited: String(assets - assets / 4n), earned: String(earned4626 < 0n ? 0n : earned4626) })

    // A window of chain time: only what happened from the claim's block on.
    const claimBlock = await own.client.getBlock({ blockNumber: claimed.blockNumber })
    const since = await get(service.app, `/users/${user}/history?chain=${CHAIN}&from=${Number(claimBlock.timestamp) * 1000}`)
    expect(new Set((since.body.actions as Action[]).map((entry) => entry.action))).toEqual(new Set(['claim']))
  }, 120_000)
})
