import { decodeFunctionData, parseUnits, toHex, type Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { uniswapV2ZapAbi } from '../../../contracts/artifacts/index.js'
import { post, sendDescriptor, appOfFile } from '../../../test/app.js'
import { devnetChain, fundedAccount, publicClientFor, tokenBalance, type FundedAccount } from '../../../test/devnet.js'

const CHAIN = 56

const balanceOf = (token: Address, owner: Address) => tokenBalance(CHAIN, token, owner)

const app = appOfFile()

// The two vault families yield.test.ts drives end to end.
describe.each(['beefy', 'erc4626'])('zaps into a %s vault whose LP pairs the wrapped native, end to end through HTTP', (kind) => {
  let user: FundedAccount
  let vault: { address: Address; want: Address; zap?: Address; zapTokenIn?: Address; kind: string }
  beforeAll(async () => {
    user = await fundedAccount(CHAIN)
    vault = devnetChain(CHAIN).vaults.find(
      (candidate) => candidate.kind === kind && candidate.zap && candidate.zapTokenIn === devnetChain(CHAIN).wrappedNative,
    )!
    expect(vault).toBeDefined()
  })

  /** The minimum output the descriptor encodes, against estimateSwap at the answer's block. */
  async function checkMinimumOutput(data: `0x${string}`, tokenIn: Address, amount: bigint, slippage: number, blockNumber: bigint) {
    const [, swapAmountOut] = await publicClientFor(CHAIN).readContract({
      address: vault.zap!,
      abi: uniswapV2ZapAbi,
      functionName: 'estimateSwap',
      args: [vault.address, tokenIn, amount],
      blockNumber,
    })
    const { args } = decodeFunctionData({ abi: uniswapV2ZapAbi, data })
    const expected = (swapAmountOut * BigInt(Math.round((100 - slippage) * 1e6))) / 100_000_000n
    expect(args[1]).toBe(expected)
  }

  it('Y3 zap-in with the default input token approves the zap and mints shares', async () => {
    const amount = parseUnits('2', 18)
    const { status, body, headers } = await post(app(), `/yield/${vault.address}/tx/zap-in`, {
      user: user.address,
      tokenInAmount: amount.toString(),
      yieldZapAddress: vault.zap,
      slippage: 0.5,
      chainId: CHAIN,
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ to: vault.zap })
    expect(body, 'no native coin sent: no value').not.toHaveProperty('value')
    expect(body.approvals[0]).toMatchObject({ to: vault.zapTokenIn })
    await checkMinimumOutput(body.data, vault.zapTokenIn!, amount, 0.5, BigInt(headers['x-block-number'] as string))
    const before = await balanceOf(vault.address, user.address)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(vault.address, user.address)).toBeGreaterThan(before)
  })

  it('Y4 zap-in-bnb sends tokenInAmount as value and mints shares', async () => {
    const amount = parseUnits('1.5', 18)
    const { status, body, headers } = await post(app(), `/yield/${vault.address}/tx/zap-in-bnb`, {
      user: user.address,
      tokenInAmount: amount.toString(),
      yieldZapAddress: vault.zap,
      slippage: 1,
      chainId: CHAIN,
    })
    expect(status).toBe(200)
    expect(body.value, 'tokenInAmount as a hex quantity').toBe(toHex(amount))
    expect(body.approvals).toBeUndefined()
    await checkMinimumOutput(body.data, devnetChain(CHAIN).wrappedNative, amount, 1, BigInt(headers['x-block-number'] as string))
    const before = await balanceOf(vault.address, user.address)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(vault.address, user.address)).toBeGreaterThan(before)
  })

  it('a token that is not a side of the pair is a 422 naming TokenNotInPair', async () => {
    const { status, body } = await post(app(), `/yield/${vault.address}/tx/zap-in`, {
      user: user.address,
      tokenInAmount: '1000',
      yieldZapAddress: vault.zap,
      slippage: 1,
      chainId: CHAIN,
      tokenIn: devnetChain(CHAIN).tokens.DAI,
    })
    expect(status).toBe(422)
    expect(body.revert.name).toBe('TokenNotInPair')
  })

  it('a zap unknown on the chain is a 404; a zap of another vault is a 400 naming the field', async () => {
    const unknown = await post(app(), `/yield/${vault.address}/tx/zap-in`, {
      user: user.address,
      tokenInAmount: '1000',
      yieldZapAddress: '0x000000000000000000000000000000000000dEaD',
      slippage: 1,
      chainId: CHAIN,
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'ZAP_NOT_FOUND', detail: expect.stringContaining('chain 56') })
    const noZapVault = devnetChain(CHAIN).vaults.find((candidate) => !candidate.zap)!
    const other = await post(app(), `/yield/${noZapVault.address}/tx/zap-in`, {
      user: user.address,
      tokenInAmount: '1000',
      yieldZapAddress: vault.zap,
      slippage: 1,
      chainId: CHAIN,
    })
    expect(other.status).toBe(400)
    expect(other.body.errors[0].path).toBe('/body/yieldZapAddress')
  })
})
