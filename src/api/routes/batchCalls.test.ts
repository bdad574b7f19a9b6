import { erc20Abi, parseUnits, toHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rewardPoolAbi } from '../../../contracts/artifacts/index.js'
import { post, sendDescriptorSteps, testApp } from '../../../test/app.js'
import { confirm, devnetChain, type FundedAccount, fundedAccount, publicClientFor, walletClientFor } from '../../../test/devnet.js'
import type { TxDescriptor } from '../../schema/index.js'
import type { App } from '../deps.js'

/** Every tx descriptor's `calls`: its approvals and itself as one EIP-5792 batch, sent here one by one. */
const CHAIN = 56
const client = () => publicClientFor(CHAIN)
const balanceOf = (token: Address, owner: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/**
 * Sends `calls` one after another as a wallet would without a batch, each with the gas the
 * descriptor gives the same step (`expectSameSteps` checks they are the same steps). Not the
 * wallet's bare estimate: anvil takes it at the latest block with no margin, and a zap or a
 * deposit that lands a block later may write one more slot (a farm's accrual, a dust transfer).
 */
async function sendCalls(user: FundedAccount, body: TxDescriptor): Promise<void> {
  const wallet = walletClientFor(CHAIN, user.account)
  const steps = [...(body.approvals ?? []), body]
  for (const [index, call] of body.calls.entries()) {
    await confirm(CHAIN, wallet.sendTransaction({ to: call.to as Address, data: call.data as Hex, value: BigInt(call.value), gas: BigInt(steps[index]!.gas) }))
  }
}

/** `calls` holds the approvals, then the action, with the same target, data and value (hex). */
function expectSameSteps(body: TxDescriptor): void {
  const steps = [...(body.approvals ?? []), body]
  expect(body.calls).toEqual(steps.map((step) => ({ to: step.to, data: step.data, value: step.value ?? '0x0' })))
}

let app: App
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

describe('calls: the approvals and the action as one batch', () => {
  it('Y1 deposit: approve then deposit; sent one by one they mint the shares the descriptor mints', async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy' && candidate.strategy)!
    const amount = parseUnits('2', 18)
    const [byDescriptor, byCalls] = [await fundedAccount(CHAIN), await fundedAccount(CHAIN)]
    const build = (user: FundedAccount) => post(app, `/yield/${vault.address}/tx/deposit`, { user: user.address, amount: amount.toString(), chainId: CHAIN })

    const viaCalls = await build(byCalls)
    expect(viaCalls.status).toBe(200)
    expect(viaCalls.body.calls).toHaveLength(2)
    expectSameSteps(viaCalls.body)
    const wantBefore = await balanceOf(vault.want, byCalls.address)
    await sendCalls(byCalls, viaCalls.body)
    expect(wantBefore - (await balanceOf(vault.want, byCalls.address))).toBe(amount)

    // The same deposit sent as the descriptor says, by a twin account: the same shares, to a rounding wei.
    const viaDescriptor = await build(byDescriptor)
    await sendDescriptorSteps(byDescriptor.account, viaDescriptor.body)
    const [shares, twin] = [await balanceOf(vault.address, byCalls.address), await balanceOf(vault.address, byDescriptor.address)]
    expect(shares).toBeGreaterThan(0n)
    expect(shares - twin <= 1n && twin - shares <= 1n).toBe(true)
  })

  it('P1 stake: approve then stake; sent one by one the stake grows by the amount', async () => {
    const pool = devnetChain(CHAIN).rewardPools[0]!
    const user = await fundedAccount(CHAIN)
    const amount = (await balanceOf(pool.stakingTokens[0]!, user.address)) / 10n
    const { status, body } = await post(app, `/pool/${pool.address}/0/tx/stake`, { user: user.address, amount: amount.toString(), chainId: CHAIN })
    expect(status).toBe(200)
    expectSameSteps(body)
    expect(body.calls).toHaveLength(2)
    await sendCalls(user, body)
    const [staked] = await client().readContract({ address: pool.address, abi: rewardPoolAbi, functionName: 'userInfo', args: [0n, user.address] })
    expect(staked).toBe(amount)
  })

  it('Y4 zap of the native coin: one call carrying the value in hex', async () => {
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.zap && candidate.zapTokenIn === devnetChain(CHAIN).wrappedNative)!
    const user = await fundedAccount(CHAIN)
    const amount = parseUnits('1.5', 18)
    const { status, body } = await post(app, `/yield/${vault.address}/tx/zap-in-bnb`, {
      user: user.address,
      tokenInAmount: amount.toString(),
      yieldZapAddress: vault.zap,
      slippage: 1,
      chainId: CHAIN,
    })
    expect(status).toBe(200)
    expect(body.calls).toEqual([{ to: vault.zap, data: body.data, value: toHex(amount) }])
    await sendCalls(user, body)
    expect(await balanceOf(vault.address, user.address)).toBeGreaterThan(0n)
  })
})
