import { type Address, erc20Abi, maxUint256, parseEther } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { uniswapV2ZapAbi } from '../../contracts/artifacts/index.js'
import { type FundedAccount, TX_GAS, confirm, devnetChain, fundedAccount, publicClientFor, revertOf, walletClientFor } from '../devnet.js'

const CHAIN = 43114
const pub = publicClientFor(CHAIN)
let user: FundedAccount

const zapVault = (kind: 'beefy' | 'erc4626') => {
  const v = devnetChain(CHAIN).vaults.find((x) => x.kind === kind && x.zap !== undefined && x.zapTokenIn === devnetChain(CHAIN).wrappedNative)
  if (v === undefined) throw new Error(`no ${kind} zap vault pairing the wrapped native`)
  return v as typeof v & { zap: Address; zapTokenIn: Address }
}

const balanceOf = (token: Address, owner: Address) => pub.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

beforeAll(async () => {
  user = await fundedAccount(CHAIN)
})

describe('UniswapV2Zap', () => {
  for (const kind of ['beefy', 'erc4626'] as const) {
    it(`beefIn mints ${kind} vault shares from one pair token, within the swap bound`, async () => {
      const v = zapVault(kind)
      const wallet = walletClientFor(CHAIN, user.account)
      const amount = parseEther('10')
      await confirm(CHAIN, wallet.writeContract({ address: v.zapTokenIn, abi: erc20Abi, functionName: 'approve', args: [v.zap, maxUint256] }))
      const [swapIn, swapOut, tokenOut] = await pub.readContract({
        address: v.zap,
        abi: uniswapV2ZapAbi,
        functionName: 'estimateSwap',
        args: [v.address, v.zapTokenIn, amount],
      })
      // A bit more than half: the swap fee makes the swapped side come out short.
      expect(swapIn).toBeGreaterThan(amount / 2n)
      expect(swapIn).toBeLessThan(amount / 2n + amount / 100n)

      const tooGreedy = pub.simulateContract({
        account: user.account,
        address: v.zap,
        abi: uniswapV2ZapAbi,
        functionName: 'beefIn',
        args: [v.address, swapOut + 1n, v.zapTokenIn, amount],
      })
      expect(await revertOf(tooGreedy)).toEqual({ errorName: 'InsufficientOutputAmount', args: [swapOut, swapOut + 1n] })

      const sharesBefore = await balanceOf(v.address, user.address)
      await confirm(
        CHAIN,
        wallet.writeContract({ gas: TX_GAS, address: v.zap, abi: uniswapV2ZapAbi, functionName: 'beefIn', args: [v.address, swapOut, v.zapTokenIn, amount] }),
      )
      expect((await balanceOf(v.address, user.address)) - sharesBefore).toBeGreaterThan(0n)
      // Nothing stays behind in the zap: shares and dust went to the caller.
      for (const token of [v.zapTokenIn, tokenOut, v.want, v.address]) expect(await balanceOf(token, v.zap)).toBe(0n)
    })
  }

  it('beefInETH wraps native coin and mints shares', async () => {
    const v = zapVault('beefy')
    const wallet = walletClientFor(CHAIN, user.account)
    const value = parseEther('3')
    const [, swapOut] = await pub.readContract({ address: v.zap, abi: uniswapV2ZapAbi, functionName: 'estimateSwap', args: [v.address, v.zapTokenIn, value] })
    const tooGreedy = pub.simulateContract({
      account: user.account,
      address: v.zap,
      abi: uniswapV2ZapAbi,
      functionName: 'beefInETH',
      args: [v.address, swapOut * 2n],
      value,
    })
    expect((await revertOf(tooGreedy)).errorName).toBe('InsufficientOutputAmount')
    const sharesBefore = await balanceOf(v.address, user.address)
    await confirm(
      CHAIN,
      wallet.writeContract({ gas: TX_GAS, address: v.zap, abi: uniswapV2ZapAbi, functionName: 'beefInETH', args: [v.address, swapOut], value }),
    )
    expect((await balanceOf(v.address, user.address)) - sharesBefore).toBeGreaterThan(0n)
  })

  it('rejects a token that is not in the pair', async () => {
    const v = zapVault('beefy')
    const dai = devnetChain(CHAIN).tokens.DAI!
    const call = pub.readContract({ address: v.zap, abi: uniswapV2ZapAbi, functionName: 'estimateSwap', args: [v.address, dai, 1000n] })
    expect(await revertOf(call)).toEqual({ errorName: 'TokenNotInPair', args: [dai, v.want] })
  })
})
