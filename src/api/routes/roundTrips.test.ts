import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks'
import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { post, sendDescriptor, testApp } from '../../../test/app.js'
import { devnetChain, fundedAccount, type FundedAccount } from '../../../test/devnet.js'
import { nodeProxy, type NodeProxy } from '../../../test/nodeProxy.js'
import type { App } from '../deps.js'

const CHAIN = 56
/** The fee suggestion every descriptor carries: asked in the batch of its first round trip (or shared with a read under way). */
const FEES = ['eth_feeHistory', 'eth_maxPriorityFeePerGas']

/** A request's node calls, the fee suggestion's aside (both or neither). */
function withoutFees(calls: string[]): string[] {
  const fees = calls.filter((method) => FEES.includes(method))
  expect(fees.length === 0 || fees.length === FEES.length, `fee calls ${fees.join(', ')}`).toBe(true)
  return calls.filter((method) => !FEES.includes(method))
}

/**
 * Node round trips (HTTP requests reaching the node) per endpoint, counted by a proxy in front of
 * the devnet chain. The README's table lists the same figures.
 */
describe('node round trips per endpoint, counted at the node', () => {
  let proxy: NodeProxy
  let app: App
  let user: FundedAccount
  const chain = () => devnetChain(CHAIN)
  const beefy = () => chain().vaults.find((vault) => vault.kind === 'beefy' && vault.zap)!
  const erc4626 = () => chain().vaults.find((vault) => vault.kind === 'erc4626' && vault.strategy)!
  const pool = () => chain().rewardPools[0]!

  beforeAll(async () => {
    proxy = await nodeProxy(chain().rpcUrl)
    app = await testApp({ rpcUrls: { [CHAIN]: [proxy.url] }, probes: false })
    user = await fundedAccount(CHAIN)
    // The pool endpoints read a pool's staking tokens once per process: not part of a request's cost.
    await post(app, `/pool/${pool().address}/0/call/user-staked`, { user: user.address, chainId: CHAIN })
  })
  afterAll(async () => {
    await app.close()
    await proxy.close()
  })

  /** Sends one request and returns its status, body and the node traffic it caused. */
  async function measure(url: string, body: object) {
    proxy.reset()
    const response = await post(app, url, body)
    return { status: response.status, body: response.body, trips: proxy.roundTrips(), calls: proxy.calls() }
  }

  it('Y1 deposit: 3 with an approval to build, then 1 (the estimate a wallet would make, beside its traced simulation) once the allowance covers it', async () => {
    const body = { user: user.address, amount: parseUnits('2', 18).toString(), chainId: CHAIN }
    const first = await measure(`/yield/${beefy().address}/tx/deposit`, body)
    expect(first.status).toBe(200)
    expect(first.body.approvals).toHaveLength(1)
    expect(first.trips).toBe(3)
    expect(withoutFees(first.calls)).toEqual(['eth_estimateGas', 'eth_simulateV1', 'eth_call', 'eth_simulateV1', 'eth_simulateV1'])
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    const again = await measure(`/yield/${beefy().address}/tx/deposit`, body)
    expect(again.status).toBe(200)
    expect(again.body.approvals).toBeUndefined()
    expect(again.trips).toBe(1)
    expect(withoutFees(again.calls)).toEqual(['eth_estimateGas', 'eth_simulateV1'])
    await sendDescriptor(user.account, again.body)
  })

  it('every build asks the fee suggestion in its own first batch; builds that start together share the one read under way', async () => {
    // A withdrawal of 1,000 of the shares the Y1 case deposited: one round trip.
    const body = { user: user.address, chainId: CHAIN, ibtAmount: '1000' }
    const withdraw = `/yield/${beefy().address}/tx/withdraw`
    const fees = (calls: string[]) => calls.filter((method) => FEES.includes(method))
    const first = await measure(withdraw, body)
    const next = await measure(withdraw, body)
    expect([first.status, next.status], JSON.stringify(first.body)).toEqual([200, 200])
    expect([first.trips, next.trips]).toEqual([1, 1])
    // A suggestion is valid for its block only: none is kept for the next build.
    expect(fees(first.calls)).toEqual(FEES)
    expect(fees(next.calls)).toEqual(FEES)
    proxy.reset()
    const together = await Promise.all([1, 2, 3, 4].map(() => post(app, withdraw, body)))
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(fees(proxy.calls())).toEqual(FEES)
    expect(new Set(together.map((answer) => answer.body.maxFeePerGas)).size).toBe(1)
  })

  it('a request carries its scope in its chain clients, not in async hooks: none follow promises after a build', async () => {
    // With an AsyncLocalStorage (or any promise hook) on, an await's continuation runs under an async id of its own.
    const hooksOn = async () => {
      await null
      return executionAsyncId() !== 0
    }
    // A file run before this one in the same worker (with vitest's isolate off) may have left one
    // on: then what tells is whether the build enters a storage itself.
    const before = await hooksOn()
    const entered = [vi.spyOn(AsyncLocalStorage.prototype, 'run'), vi.spyOn(AsyncLocalStorage.prototype, 'enterWith')]
    try {
      const body = { user: user.address, amount: parseUnits('1', 18).toString(), chainId: CHAIN }
      const { status } = await measure(`/yield/${beefy().address}/tx/deposit`, body)
      expect(status).toBe(200)
      expect(entered.map((spy) => spy.mock.calls.length)).toEqual([0, 0])
    } finally {
      for (const spy of entered) spy.mockRestore()
    }
    if (!before) expect(await hooksOn()).toBe(false)
  })

  it('P1 stake: 3 with an approval, then 1', async () => {
    const body = { user: user.address, amount: parseUnits('5', 18).toString(), chainId: CHAIN }
    const first = await measure(`/pool/${pool().address}/0/tx/stake`, body)
    expect(first.status).toBe(200)
    expect(first.trips).toBe(3)
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    const again = await measure(`/pool/${pool().address}/0/tx/stake`, body)
    expect(again.status).toBe(200)
    expect(again.trips).toBe(1)
    // A stake pays the pending rewards: beside the estimate and its traced simulation, its run a
    // block later (landingGas), in the same batch.
    expect(withoutFees(again.calls)).toEqual(['eth_estimateGas', 'eth_simulateV1', 'eth_simulateV1'])
    await sendDescriptor(user.account, again.body)
  })

  it('Y3 zap-in: the quote, the allowance, the fair prices and the estimate in one round trip; 3 with an approval', async () => {
    const body = { user: user.address, tokenInAmount: parseUnits('1', 18).toString(), yieldZapAddress: beefy().zap!, slippage: 1, chainId: CHAIN }
    const first = await measure(`/yield/${beefy().address}/tx/zap-in`, body)
    expect(first.status).toBe(200)
    expect(first.trips).toBe(3)
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    const again = await measure(`/yield/${beefy().address}/tx/zap-in`, body)
    expect(again.status).toBe(200)
    expect(again.trips).toBe(1)
    // The quote and allowance (one Multicall3), and, with no snapshot in this app, the state the zap
    // guard's fair prices come from: eth_calls in the same batch as the estimate and simulation.
    expect(
      withoutFees(again.calls)
        .filter((method) => method !== 'eth_call')
        .sort(),
    ).toEqual(['eth_estimateGas', 'eth_simulateV1'])
    await sendDescriptor(user.account, again.body)
  })

  it('zap out: the reads, the estimate and the quote after the share approval in one round trip; 3 with an approval', async () => {
    const body = { user: user.address, ibtAmount: '1000000000000000', tokenOut: 'native', yieldZapAddress: beefy().zap!, slippage: 1, chainId: CHAIN }
    const first = await measure(`/yield/${beefy().address}/tx/zap-out`, body)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.approvals).toHaveLength(1)
    expect(first.trips).toBe(3)
    await sendDescriptor(user.account, { ...first.body.approvals[0] })
    const again = await measure(`/yield/${beefy().address}/tx/zap-out`, body)
    expect(again.status).toBe(200)
    expect(again.body.approvals).toBeUndefined()
    expect(again.trips).toBe(1)
    // The call as it stands and after the approval (the quote, whether or not one is needed), beside the reads.
    expect(
      withoutFees(again.calls)
        .filter((method) => method !== 'eth_call')
        .sort(),
    ).toEqual(['eth_estimateGas', 'eth_simulateV1', 'eth_simulateV1'])
    await sendDescriptor(user.account, again.body)
  })

  it('one round trip each: Y4 zap-in-bnb, Y5 by shares, Y7 harvest, Y6 and Y8 on a Beefy vault, Y9 pending-fees, P2 unstake, P3 claim, P4, P5', async () => {
    const who = { user: user.address, chainId: CHAIN }
    const cases: [string, object][] = [
      [`/yield/${beefy().address}/tx/zap-in-bnb`, { ...who, tokenInAmount: parseUnits('1', 18).toString(), yieldZapAddress: beefy().zap!, slippage: 1 }],
      [`/yield/${beefy().address}/tx/withdraw`, { ...who, ibtAmount: '1000' }],
      [`/yield/${beefy().strategy}/tx/harvest`, who],
      [`/yield/${beefy().strategy}/call/pending-fees`, { chainId: CHAIN }],
      [`/yield/${beefy().address}/call/user-deposited`, who],
      [`/yield/${beefy().address}/tx/withdraw-all`, who],
      [`/pool/${pool().address}/0/tx/unstake`, { ...who, amount: '1' }],
      [`/pool/${pool().address}/0/tx/claim`, who],
      [`/pool/${pool().address}/0/call/user-staked`, who],
      [`/pool/${pool().address}/0/call/pending-rewards`, who],
    ]
    // Unstake and claim may meet the pool's delays: a 422 costs the same single estimate. Every other one answers.
    const delayed = new Set([`/pool/${pool().address}/0/tx/unstake`, `/pool/${pool().address}/0/tx/claim`])
    for (const [url, body] of cases) {
      const outcome = await measure(url, body)
      expect(delayed.has(url) ? [200, 422] : [200], `${url}: ${JSON.stringify(outcome.body)}`).toContain(outcome.status)
      expect(outcome.trips, url).toBe(1)
    }
  })

  it('Y5 by tokenAmount: the position, then the withdrawal proven by simulation; once more when a withdrawal fee needs grossing up', async () => {
    const outcome = await measure(`/yield/${beefy().address}/tx/withdraw`, { user: user.address, chainId: CHAIN, tokenAmount: '1000000' })
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200)
    // The devnet's Beefy strategies keep 0.1 % of what they hand back, as Beefy's do.
    expect(outcome.trips).toBe(3)
    expect(withoutFees(outcome.calls)).toEqual(['eth_call', 'eth_simulateV1', 'eth_estimateGas', 'eth_simulateV1', 'eth_estimateGas'])
    // Without a withdrawal fee (the ERC-4626 vault pays what withdraw(assets) asks): the position, then the proof.
    const holder = chain().accounts[0]!.address
    const exact = await measure(`/yield/${erc4626().address}/tx/withdraw`, { user: holder, chainId: CHAIN, tokenAmount: '1000000' })
    expect(exact.status, JSON.stringify(exact.body)).toBe(200)
    expect(exact.trips).toBe(2)
    expect(withoutFees(exact.calls)).toEqual(['eth_call', 'eth_simulateV1', 'eth_estimateGas'])
  })

  it('two round trips where the call needs a read first: Y6 withdraw-all and Y8 on an ERC-4626 vault (redeem needs the share count), Y2 deposit-all', async () => {
    const who = { user: user.address, chainId: CHAIN }
    const cases: [string, object][] = [
      // A dev account the devnet seeded with deposits in every vault.
      [`/yield/${erc4626().address}/call/user-deposited`, { user: chain().accounts[0]!.address, chainId: CHAIN }],
      [`/yield/${erc4626().address}/tx/withdraw-all`, { user: chain().accounts[0]!.address, chainId: CHAIN }],
    ]
    for (const [url, body] of cases) {
      const outcome = await measure(url, body)
      expect(outcome.status, `${url}: ${JSON.stringify(outcome.body)}`).toBe(200)
      expect(outcome.trips, url).toBe(2)
    }
    // Y2: the want balance exceeds what is left approved, so the read leads straight to the approval path.
    const all = await measure(`/yield/${beefy().address}/tx/deposit-all`, who)
    expect(all.status).toBe(200)
    expect(all.body.approvals).toHaveLength(1)
    expect(all.trips).toBe(3)
    expect(withoutFees(all.calls)).toEqual(['eth_call', 'eth_simulateV1', 'eth_simulateV1'])
    // Once the allowance covers the balance: the balance, then the deposit's estimate and simulation.
    await sendDescriptor(user.account, { ...all.body.approvals[0] })
    const covered = await measure(`/yield/${beefy().address}/tx/deposit-all`, who)
    expect(covered.status, JSON.stringify(covered.body)).toBe(200)
    expect(covered.body.approvals).toBeUndefined()
    expect(covered.trips).toBe(2)
    expect(withoutFees(covered.calls)).toEqual(['eth_call', 'eth_estimateGas', 'eth_simulateV1'])
  })
})
