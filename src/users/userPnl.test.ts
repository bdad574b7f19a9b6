import { indexedOwnChain, type IndexedOwnChain } from '../../test/indexedOwnChain.js'
import { type Address, erc20Abi, type Hex, maxUint256, parseEther, parseEventLogs, type TransactionReceipt, createWalletClient, http, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, multiRewardsAbi, strategyFarmAbi, uniswapV2ZapAbi } from '../../contracts/artifacts/index.js'
import { get } from '../../test/app.js'
import { confirmOn, TX_GAS } from '../../test/devnet.js'
import { heldUnderlying } from '../../test/heldUnderlying.js'
import { pricesFromChain } from '../../test/pricesFromChain.js'
import { moved } from '../../test/moved.js'

const CHAIN = 31_476
const USER = 9
const FRIEND = 8

let chain: IndexedOwnChain

type Figure = { amount: string | null; usd: number | null }
type Reward = { token: Address; amount: string; usd: number | null }
type Position = {
  kind: string
  address: Address
  pid?: number
  token: Address
  holding: Figure
  costBasis: Figure
  realized: Figure
  unrealized: Figure
  yield?: Figure
  feesPaid?: Figure
  priceEffectUsd: number | null
  rewardsClaimed?: Reward[]
  pendingRewards?: Reward[]
  pnlUsd: number | null
  notes?: string[]
}

/** a ≈ b to 1e-9 of the larger (USD sums, where float addition order differs). */
function expectClose(served: number | null | undefined, oracle: number, what: string): void {
  expect(served, what).not.toBeNull()
  expect(Math.abs(served! - oracle), `${what}: served ${served}, chain ${oracle}`).toBeLessThanOrEqual(
    1e-9 * Math.max(Math.abs(oracle), Math.abs(served!), 1e-6),
  )
}

/**
 * The test's own average-cost ledger, from what the receipts and the contracts' reads say: each
 * inflow adds its units and its worth (want, USD at its block); each outflow retires
 * cost × units / held (rounded down) and realizes what it paid less that.
 */
function ledger() {
  const state = { held: 0n, cost: 0n, costUsd: 0, realized: 0n, realizedUsd: 0, fees: 0n, feesUsd: 0 }
  return {
    state,
    in(units: bigint, worth: bigint, usd: number) {
      state.held += units
      state.cost += worth
      state.costUsd += usd
    },
    out(units: bigint, paid: bigint, usd: number) {
      const retired = (state.cost * units) / state.held
      const retiredUsd = (state.costUsd * Number(units)) / Number(state.held)
      state.realized += paid - retired
      state.realizedUsd += usd - retiredUsd
      state.cost -= retired
      state.costUsd -= retiredUsd
      state.held -= units
    },
  }
}

describe('GET /users/{address}/pnl', () => {
  beforeAll(async () => {
    chain = await indexedOwnChain({ chainId: CHAIN, blockIntervalSeconds: 3 })
  }, 120_000)
  afterAll(() => chain?.close())

  it('gives cost basis, realized and unrealized, yield, fees and rewards as the chain alone computes them, to the wei and 1e-9 in USD', async () => {
    const { own, service, registry } = chain
    const walletOf = (index: number) => {
      const account = privateKeyToAccount(own.manifest.accounts[index]!.privateKey as Hex)
      return createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account })
    }
    const wallet = walletOf(USER)
    const friendWallet = walletOf(FRIEND)
    const user = wallet.account.address
    const friend = friendWallet.account.address
    const sendFrom = (from: typeof wallet, request: object, value?: bigint) =>
      confirmOn(own.client, from.writeContract({ ...request, gas: TX_GAS, ...(value !== undefined && { value }) } as never))
    const send = (request: object, value?: bigint) => sendFrom(wallet, request, value)
    const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[], blockNumber?: bigint) =>
      own.client.readContract({ address, abi: abi as never, functionName: functionName as never, args: args as never, blockNumber }) as Promise<T>
    const balance = (token: Address) => read<bigint>(token, erc20Abi, 'balanceOf', [user])
    const beefy = own.manifest.vaults.find((vault) => vault.kind === 'beefy' && vault.zap)!
    const erc4626 = own.manifest.vaults.find((vault) => vault.kind === 'erc4626')!
    const multi = own.manifest.rewardPoolFamilies.pools.find((pool) => pool.kind === 'multi-rewards')!
    const stakingToken = multi.stakingTokens[0]!

    for (const [token, spender] of [
      [beefy.want, beefy.address],
      [erc4626.want, erc4626.address],
      [stakingToken, multi.address],
    ] as const)
      await send({ address: token, abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })

    // The vault: a deposit, a zap in, a harvest, a partial withdrawal (0.1% fee), shares to a friend and some back.
    const direct = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'deposit', args: [(await balance(beefy.want)) / 10n] })
    const zapped = await send({ address: beefy.zap!, abi: uniswapV2ZapAbi, functionName: 'beefInETH', args: [beefy.address, 0n] }, parseEther('1'))
    await own.mine(5)
    await send({ address: beefy.strategy!, abi: strategyFarmAbi, functionName: 'harvest' })
    const shares = await balance(beefy.address)
    const withdrawn = await send({ address: beefy.address, abi: beefyVaultAbi, functionName: 'withdraw', args: [shares / 3n] })
    const given = await send({ address: beefy.address, abi: erc20Abi, functionName: 'transfer', args: [friend, shares / 10n] })
    const back = await sendFrom(friendWallet, { address: beefy.address, abi: erc20Abi, functionName: 'transfer', args: [user, shares / 20n] })
    // The pool: a stake, a claim, half unstaked.
    const stake = (await balance(stakingToken)) / 10n
    const staked = await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'stake', args: [stake] })
    await own.mine(5)
    const claimed = await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'getReward' })
    const unstaked = await send({ address: multi.address, abi: multiRewardsAbi, functionName: 'withdraw', args: [stake / 2n] })
    // An ERC-4626 deposit with nothing earned since: whatever its rounding costs is not a loss.
    const assets = (await balance(erc4626.want)) / 10n
    const deposited4626 = await send({ address: erc4626.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [assets, user] })

    expect(await service.index!.reach(CHAIN, deposited4626.blockNumber, 30_000)).toBe(true)
    await service.refresher.refresh(CHAIN)
    const { status, body, headers } = await get(service.app, `/users/${user}/pnl?chain=${CHAIN}`)
    expect(status, JSON.stringify(body)).toBe(200)
    const at = BigInt(headers['x-block-number'] as string)
    expect(at).toBeGreaterThanOrEqual(deposited4626.blockNumber)
    const [answered] = body.chains as { chainId: number; blockNumber: string; pricesBlock: string }[]
    expect(answered!.blockNumber).toBe(String(at))
    const pricesBlock = BigInt(answered!.pricesBlock)
    const positions = body.positions as Position[]
    const find = (address: Address) => positions.find((position) => position.address === address)!
    const pricesAt = (block: bigint) => pricesFromChain(CHAIN, registry, block, own.client)
    const now = pricesAt(pricesBlock)

    // The Beefy vault, from the receipts' transfers and the vault's own totals.
    const totalsAt = async (block: bigint) => ({
      want: await read<bigint>(beefy.address, beefyVaultAbi, 'balance', [], block),
      supply: await read<bigint>(beefy.address, beefyVaultAbi, 'totalSupply', [], block),
    })
    const vault = ledger()
    const valued = async (receipt: TransactionReceipt, amount: bigint) => (await pricesAt(receipt.blockNumber)).value(beefy.want, amount)
    for (const [receipt, from] of [
      [direct, user],
      [zapped, beefy.zap!],
    ] as const) {
      const minted = moved(receipt, beefy.address, zeroAddress, from)
      const received = from === user ? minted : moved(receipt, beefy.address, beefy.zap!, user)
      expect(received, 'a zap passes on every share it minted').toBe(minted)
      const wantIn = moved(receipt, beefy.want, from, beefy.address)
      vault.in(received, wantIn, await valued(receipt, wantIn))
    }
    const burned = moved(withdrawn, beefy.address, user, zeroAddress)
    const paid = moved(withdrawn, beefy.want, beefy.address, user)
    const before = await totalsAt(withdrawn.blockNumber - 1n)
    const fee = (burned * before.want) / before.supply - paid
    expect(fee, 'the strategy kept a withdrawal fee').toBeGreaterThan(0n)
    vault.out(burned, paid, await valued(withdrawn, paid))
    vault.state.fees = fee
    vault.state.feesUsd = await valued(withdrawn, fee)
    for (const [receipt, units, direction] of [
      [given, shares / 10n, 'out'],
      [back, shares / 20n, 'in'],
    ] as const) {
      const totals = await totalsAt(receipt.blockNumber)
      const worth = (units * totals.want) / totals.supply
      vault[direction](units, worth, await valued(receipt, worth))
    }
    expect(vault.state.held).toBe(await balance(beefy.address))
    const holding = await heldUnderlying(own.client, beefy, user, at)
    const unrealized = holding - vault.state.cost
    const gained = vault.state.realized + unrealized + vault.state.fees
    const served = find(beefy.address)
    expect(served, JSON.stringify(served)).toMatchObject({
      kind: 'vault',
      token: beefy.want,
      holding: { amount: String(holding) },
      costBasis: { amount: String(vault.state.cost) },
      realized: { amount: String(vault.state.realized) },
      unrealized: { amount: String(unrealized) },
      yield: { amount: String(gained) },
      feesPaid: { amount: String(fee) },
    })
    expect(served.notes).toBeUndefined()
    expect(gained, 'the harvest raised the price per share').toBeGreaterThan(0n)
    const holdingUsd = await now.value(beefy.want, holding)
    expectClose(served.holding.usd, holdingUsd, 'holding usd')
    expectClose(served.costBasis.usd, vault.state.costUsd, 'cost basis usd')
    expectClose(served.realized.usd, vault.state.realizedUsd, 'realized usd')
    expectClose(served.unrealized.usd, holdingUsd - vault.state.costUsd, 'unrealized usd')
    expectClose(served.yield!.usd, await now.value(beefy.want, gained), 'yield usd')
    expectClose(served.feesPaid!.usd, vault.state.feesUsd, 'fees usd')
    const pnlUsd = vault.state.realizedUsd + holdingUsd - vault.state.costUsd
    expectClose(served.pnlUsd, pnlUsd, 'pnl usd')
    expectClose(served.priceEffectUsd, pnlUsd - (await now.value(beefy.want, gained - fee)), 'price effect usd')

    // The pool, from its Staked, RewardPaid and Withdrawn logs and its earned() at the answer's block.
    const pool = ledger()
    const stakedAmount = parseEventLogs({ abi: multiRewardsAbi, eventName: 'Staked', logs: staked.logs })[0]!.args.amount
    pool.in(stakedAmount, stakedAmount, await (await pricesAt(staked.blockNumber)).value(stakingToken, stakedAmount))
    const unstakedAmount = parseEventLogs({ abi: multiRewardsAbi, eventName: 'Withdrawn', logs: unstaked.logs })[0]!.args.amount
    pool.out(unstakedAmount, unstakedAmount, await (await pricesAt(unstaked.blockNumber)).value(stakingToken, unstakedAmount))
    const paidRewards = parseEventLogs({ abi: multiRewardsAbi, eventName: 'RewardPaid', logs: claimed.logs })
    expect(paidRewards.length).toBeGreaterThan(0)
    const servedPool = find(multi.address)
    expect(servedPool).toMatchObject({
      kind: 'pool',
      pid: 0,
      token: stakingToken,
      holding: { amount: String(stake - stake / 2n) },
      costBasis: { amount: String(pool.state.cost) },
      realized: { amount: '0' },
      unrealized: { amount: '0' },
    })
    expect(servedPool.notes).toBeUndefined()
    let rewardsUsd = 0
    for (const log of paidRewards) {
      const usd = await (await pricesAt(claimed.blockNumber)).value(log.args.rewardsToken, log.args.reward)
      const reward = servedPool.rewardsClaimed!.find((entry) => entry.token === log.args.rewardsToken)!
      expect(reward.amount).toBe(String(log.args.reward))
      expectClose(reward.usd, usd, `claimed ${log.args.rewardsToken}`)
      rewardsUsd += usd
    }
    for (const reward of servedPool.pendingRewards!) {
      const pending = await read<bigint>(multi.address, multiRewardsAbi, 'earned', [user, reward.token], at)
      expect(reward.amount).toBe(String(pending))
      const usd = await now.value(reward.token, pending)
      if (pending > 0n) expectClose(reward.usd, usd, `pending ${reward.token}`)
      rewardsUsd += usd
    }
    const stakeUsd = await now.value(stakingToken, stake - stake / 2n)
    expectClose(servedPool.costBasis.usd, pool.state.costUsd, 'pool cost basis usd')
    expectClose(servedPool.realized.usd, pool.state.realizedUsd, 'pool realized usd')
    expectClose(servedPool.unrealized.usd, stakeUsd - pool.state.costUsd, 'pool unrealized usd')
    expectClose(servedPool.pnlUsd, pool.state.realizedUsd + stakeUsd - pool.state.costUsd + rewardsUsd, 'pool pnl usd')

    // The ERC-4626 deposit: its rounding is no loss, here and in the positions' earned.
    const raw = (await heldUnderlying(own.client, erc4626, user, at)) - assets
    expect(raw, 'the vault rounds a fresh deposit down by a few wei at most').toBeGreaterThanOrEqual(-2n)
    const residueFree = String(raw < 0n ? 0n : raw)
    expect(find(erc4626.address)).toMatchObject({ realized: { amount: '0' }, unrealized: { amount: residueFree }, costBasis: { amount: String(assets) } })
    const { body: held } = await get(service.app, `/users/${user}/positions?chain=${CHAIN}`)
    const earnedOf = (address: Address) => (held.positions as { address: Address; earned: string }[]).find((position) => position.address === address)!.earned
    expect(earnedOf(erc4626.address)).toBe(residueFree)
    expect(earnedOf(beefy.address)).toBe(String(vault.state.realized + unrealized))

    // The totals add the positions up.
    const totals = body.totals as Record<string, number>
    expectClose(
      totals.pnlUsd,
      positions.reduce((sum, position) => sum + position.pnlUsd!, 0),
      'total pnl usd',
    )
    expectClose(totals.feesPaidUsd, vault.state.feesUsd, 'total fees usd')
  }, 180_000)

  it('answers a bad address with a 400 that names it', async () => {
    const { status, body } = await get(chain.service.app, `/users/0x1234/pnl?chain=${CHAIN}`)
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toMatch(/address/)
  })
})
