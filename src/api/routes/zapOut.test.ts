import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEventLogs,
  toFunctionSelector,
  type TransactionReceipt,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, uniswapV2PairAbi, uniswapV2Router02Abi, uniswapV2ZapAbi } from '../../../contracts/artifacts/index.js'
import { post } from '../../../test/app.js'
import { confirmOn, TX_GAS } from '../../../test/devnet.js'
import { nodeProxy } from '../../../test/nodeProxy.js'
import { ownService } from '../../../test/ownService.js'
import { whyReverted } from '../../../test/whyReverted.js'
import { refresherApp } from '../../../test/refresherApp.js'
import { minedReceipt } from '../../devnet/index.js'
import type { TxDescriptor } from '../../schema/index.js'

/** POST /yield/{vault}/tx/zap-out, sent on a chain of its own (the pair is moved under a built descriptor). */
const CHAIN = 31_408
const USER = 4
const TRADER = 5

type Vault = { address: Address; kind: string; want: Address; zap?: Address; strategy?: Address }
type Pair = { address: Address; token0: Address; token1: Address }

let wallet: WalletClient
let trader: WalletClient
let user: Address
const { own, service } = ownService(
  { chainId: CHAIN, specOf: 56 },
  {
    setUp: (own) => {
      const account = (index: number) => privateKeyToAccount(own.manifest.accounts[index]!.privateKey as Hex)
      wallet = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: account(USER) })
      trader = createWalletClient({ chain: own.chain, transport: http(own.manifest.rpcUrl), account: account(TRADER) })
      user = account(USER).address
    },
    // Fair prices for the guard: the latest snapshot's.
    ready: (service) => service.refresher.refresh(CHAIN),
  },
)

const transferEvent = [
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { indexed: true, name: 'from', type: 'address' },
      { indexed: true, name: 'to', type: 'address' },
      { indexed: false, name: 'value', type: 'uint256' },
    ],
  },
] as const

const balanceOf = (token: Address, owner: Address) => own().client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const pairOf = (vault: Vault): Pair => own().manifest.pairs.find((pair) => pair.address === vault.want)!
const zapVault = (kind: string, side: Address) =>
  own().manifest.vaults.find((vault) => vault.kind === kind && vault.zap && [pairOf(vault)?.token0, pairOf(vault)?.token1].includes(side)) as Vault

/** A `kind` vault with a zap whose pair holds the wrapped native, and its other token as the one to zap out into. */
function nonNativeSide(kind: string) {
  const vault = zapVault(kind, own().manifest.wrappedNative)
  const pair = pairOf(vault)
  const [tokenOut, other] = pair.token0 === own().manifest.wrappedNative ? [pair.token1, pair.token0] : [pair.token0, pair.token1]
  return { vault, pair, tokenOut, other }
}

/** Sends the descriptor's approvals and then itself from the user, with its gas and fees; the receipts. */
async function send(tx: TxDescriptor): Promise<TransactionReceipt[]> {
  const receipts = []
  for (const item of [...(tx.approvals ?? []), tx]) {
    const hash = await wallet.sendTransaction({ ...item, account: wallet.account!, chain: own().chain } as never)
    receipts.push(await minedReceipt(own().client, hash))
  }
  return receipts
}

/** Deposits a tenth of the user's LP of `vault`'s want into it; the shares it holds. */
async function depositInto(vault: Vault): Promise<bigint> {
  const amount = (await balanceOf(vault.want, user)) / 10n
  const write = (request: object) =>
    confirmOn(own().client, wallet.writeContract({ account: wallet.account!, chain: own().chain, gas: TX_GAS, ...request } as never))
  await write({ address: vault.want, abi: erc20Abi, functionName: 'approve', args: [vault.address, maxUint256] })
  if (vault.kind === 'beefy') await write({ address: vault.address, abi: beefyVaultAbi, functionName: 'deposit', args: [amount] })
  else await write({ address: vault.address, abi: erc4626VaultAbi, functionName: 'deposit', args: [amount, user] })
  return balanceOf(vault.address, user)
}

function zapOut(vault: Vault, body: Record<string, unknown>) {
  return post(service().app, `/yield/${vault.address}/tx/zap-out`, { user, yieldZapAddress: vault.zap, slippage: 0.5, chainId: CHAIN, ...body })
}

/** What the pair paid the zap in its swap: the first `tokenOut` transfer from the pair after the zap paid the pair `tokenIn`; and what the burn paid. */
function swapInReceipt(receipt: TransactionReceipt, pair: Pair, zap: Address, tokenIn: Address, tokenOut: Address) {
  const transfers = parseEventLogs({ abi: transferEvent, logs: receipt.logs, eventName: 'Transfer' })
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const sent = transfers.findIndex((log) => same(log.address, tokenIn) && same(log.args.from, zap) && same(log.args.to, pair.address))
  const fromPair = (log: (typeof transfers)[number]) => same(log.address, tokenOut) && same(log.args.from, pair.address) && same(log.args.to, zap)
  const burned = transfers.slice(0, sent).find(fromPair)!.args.value
  const swapped = transfers.slice(sent + 1).find(fromPair)!.args.value
  return { burned, swapped }
}

describe.each(['beefy', 'erc4626'])('zap out of a %s vault', (kind) => {
  it("burns shares into one token of the pair: the share approval to the zap, the swap's minimum from its simulation, and the user gets what expected says", async () => {
    const { vault, pair, tokenOut, other } = nonNativeSide(kind)
    const shares = (await depositInto(vault)) / 2n
    const { status, body } = await zapOut(vault, { ibtAmount: shares.toString(), tokenOut })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.to).toBe(vault.zap)
    // The shares go to the zap: approved first, exactly what it burns.
    expect(body.approvals).toHaveLength(1)
    expect(body.approvals[0].to).toBe(vault.address)
    const { functionName, args } = decodeFunctionData({ abi: uniswapV2ZapAbi, data: body.data })
    expect(functionName).toBe('beefOutAndSwap')
    expect(args).toEqual([vault.address, shares, tokenOut, BigInt(body.swapMinimumOut)])
    expect(body.expected).toContainEqual({ token: vault.address, delta: `-${shares}` })
    const received = BigInt(body.expected.find((change: { token: string }) => change.token === tokenOut).delta)
    expect(received).toBeGreaterThan(0n)

    const [before, sharesBefore] = [await balanceOf(tokenOut, user), await balanceOf(vault.address, user)]
    const receipts = await send(body)
    expect(receipts.map((receipt) => receipt.status)).toEqual(['success', 'success'])
    expect(await balanceOf(vault.address, user)).toBe(sharesBefore - shares)
    // Nothing moved the pair or the vault in between: the user got exactly what expected said.
    expect((await balanceOf(tokenOut, user)) - before).toBe(received)
    // The minimum is the simulated swap less 0.5 %, and the swap paid at least it.
    const { burned, swapped } = swapInReceipt(receipts[1]!, pair, vault.zap!, other, tokenOut)
    expect(burned + swapped).toBe(received)
    expect(BigInt(body.swapMinimumOut)).toBe((swapped * 99_500_000n) / 100_000_000n)
  })
})

describe('zap out', () => {
  it('to "native" unwraps the wrapped native side: the user receives native coin, as expected says', async () => {
    const vault = zapVault('beefy', own().manifest.wrappedNative)
    const shares = (await depositInto(vault)) / 2n
    const { status, body } = await zapOut(vault, { ibtAmount: shares.toString(), tokenOut: 'native' })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(decodeFunctionData({ abi: uniswapV2ZapAbi, data: body.data }).args[2]).toBe(own().manifest.wrappedNative)
    const native = BigInt(body.expected.find((change: { token: string }) => change.token === 'native').delta)
    expect(native).toBeGreaterThan(0n)
    expect(body.expected.some((change: { token: string }) => change.token === own().manifest.wrappedNative)).toBe(false)
    const before = await own().client.getBalance({ address: user })
    const receipts = await send(body)
    const gas = receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.effectiveGasPrice, 0n)
    expect((await own().client.getBalance({ address: user })) - before + gas).toBe(native)
  })

  it('reverts rather than pay less: a swap that would pay under the minimum once the pair moved fails on chain', async () => {
    const { vault, pair, tokenOut, other } = nonNativeSide('beefy')
    const shares = (await depositInto(vault)) / 2n
    const { status, body } = await zapOut(vault, { ibtAmount: shares.toString(), tokenOut })
    expect(status, JSON.stringify(body)).toBe(200)
    // Someone buys tokenOut with the other side first: 3 % of the pool, far past the 0.5 % slippage.
    const [reserve0, reserve1] = await own().client.readContract({ address: pair.address, abi: uniswapV2PairAbi, functionName: 'getReserves' })
    const amountIn = (other === pair.token0 ? reserve0 : reserve1) / 33n
    const trade = (request: object) =>
      confirmOn(own().client, trader.writeContract({ account: trader.account!, chain: own().chain, gas: TX_GAS, ...request } as never))
    await trade({ address: other, abi: erc20Abi, functionName: 'approve', args: [own().manifest.uniswap.router, maxUint256] })
    await trade({
      address: own().manifest.uniswap.router,
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, 0n, [other, tokenOut], trader.account!.address, maxUint256],
    })
    const sharesBefore = await balanceOf(vault.address, user)
    const receipts = await send(body)
    expect(receipts.at(-1)!.status).toBe('reverted')
    // The swap's minimum output refused it (the router's swapExactTokensForTokens, which the zap gives
    // the answer's minimum), not any other revert: an allowance, gas, the vault.
    const why = await whyReverted(own().client, receipts.at(-1)!.transactionHash)
    expect(why).toMatch(
      new RegExp(
        `^execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT in CALL ${toFunctionSelector('swapExactTokensForTokens(uint256,uint256,address[],address,uint256)')} to ${own().manifest.uniswap.router}`,
        'i',
      ),
    )
    expect(await balanceOf(vault.address, user)).toBe(sharesBefore)
  })

  it.each([
    ['the wrapped native by address', () => own().manifest.wrappedNative, 'ask for "native"'],
    ['a token outside the pair', () => own().manifest.tokens.DAI!, 'must be a token of pair'],
  ])('with %s as tokenOut is a 400 naming tokenOut', async (_name, tokenOut, says) => {
    const vault = zapVault('beefy', own().manifest.wrappedNative)
    const { status, body } = await zapOut(vault, { ibtAmount: '1000', tokenOut: tokenOut() })
    expect(status).toBe(400)
    expect(body.code).toBe('INVALID_REQUEST')
    expect(body.errors).toEqual([{ path: '/body/tokenOut', message: expect.stringContaining(says) }])
  })

  it('with a tokenOut that is neither "native" nor an address is a 400 naming the rule', async () => {
    const vault = zapVault('beefy', own().manifest.wrappedNative)
    const { status, body } = await zapOut(vault, { ibtAmount: '1000', tokenOut: 'nativ' })
    expect(status).toBe(400)
    expect(body.errors).toEqual([{ path: '/body/tokenOut', message: 'must be "native" or an EVM address (0x + 40 hex digits)' }])
  })

  it('of more shares than the user holds is a 422 INSUFFICIENT_FUNDS naming both', async () => {
    const vault = zapVault('beefy', own().manifest.wrappedNative)
    const held = await balanceOf(vault.address, user)
    const { status, body } = await zapOut(vault, { ibtAmount: (held + 1n).toString(), tokenOut: 'native' })
    expect(status).toBe(422)
    expect(body.code).toBe('INSUFFICIENT_FUNDS')
    expect(body.detail).toContain(`holds ${held} shares of vault ${vault.address}`)
    expect(body.detail).toContain(`less than the ${held + 1n} to zap out`)
  })

  it('through a node that traces no transfers, is a 502 saying its swap cannot be weighed, never a descriptor that skipped the price guard', async () => {
    const { vault, tokenOut } = nonNativeSide('beefy')
    const shares = (await depositInto(vault)) / 4n
    // A node whose eth_simulateV1 answers without logs, as one that does not support traceTransfers.
    const stripLogs = (result: unknown) =>
      (result as { calls: object[] }[]).map((block) => ({ ...block, calls: block.calls.map((call) => ({ ...call, logs: [] })) }))
    const proxy = await nodeProxy(own().manifest.rpcUrl, { call: (call) => (call.method === 'eth_simulateV1' ? { rewrite: stripLogs } : undefined) })
    const blind = await refresherApp({ chains: [{ ...own().chainConfig, rpcUrls: [proxy.url] }], registry: own().registry })
    try {
      await blind.refresher.refresh(CHAIN)
      const { status, body } = await post(blind.app, `/yield/${vault.address}/tx/zap-out`, {
        user,
        yieldZapAddress: vault.zap,
        slippage: 0.5,
        chainId: CHAIN,
        ibtAmount: shares.toString(),
        tokenOut,
      })
      expect(status, JSON.stringify(body)).toBe(502)
      expect(body.code).toBe('UPSTREAM_UNAVAILABLE')
      expect(body.detail).toContain('its price impact cannot be weighed, so the zap-out is not served')
    } finally {
      await blind.close()
      await proxy.close()
    }
  })
})
