import { erc20Abi, erc4626Abi, parseEther, parseUnits, toHex, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beefyVaultAbi, erc4626VaultAbi, strategyFarmAbi } from '../../../contracts/artifacts/index.js'
import { post, sendDescriptor, testApp } from '../../../test/app.js'
import { confirm, devnetChain, fundedAccount, publicClientFor, walletClientFor, type FundedAccount } from '../../../test/devnet.js'
import { divUp } from '../../protocols/index.js'
import type { App } from '../deps.js'

const CHAIN = 56
const client = () => publicClientFor(CHAIN)
const balanceOf = (token: Address, owner: Address) => client().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** Money edges: what a user is promised is what the chain does, or the answer says why not. */
describe('money edges of the vault builds', () => {
  let app: App
  let user: FundedAccount
  const beefy = () => devnetChain(CHAIN).vaults.find((vault) => vault.kind === 'beefy' && vault.zap)!
  beforeAll(async () => {
    app = await testApp({ probes: false })
    user = await fundedAccount(CHAIN)
  })
  afterAll(() => app.close())

  it('Y2 deposit-all does not revert when the balance grows between the build and the send: it deposits the balance it was built for', async () => {
    const vault = beefy()
    const built = await post(app, `/yield/${vault.address}/tx/deposit-all`, { user: user.address, chainId: CHAIN })
    expect(built.status).toBe(200)
    const balance = await balanceOf(vault.want, user.address)
    // More want arrives before the user signs (a transfer from someone else).
    const donor = await fundedAccount(CHAIN)
    const extra = (await balanceOf(vault.want, donor.address)) / 2n
    await confirm(
      CHAIN,
      walletClientFor(CHAIN, donor.account).writeContract({ address: vault.want, abi: erc20Abi, functionName: 'transfer', args: [user.address, extra] }),
    )
    const sharesBefore = await balanceOf(vault.address, user.address)
    await sendDescriptor(user.account, built.body)
    expect(await balanceOf(vault.want, user.address)).toBe(extra)
    expect(await balanceOf(vault.address, user.address)).toBeGreaterThan(sharesBefore)
    expect(balance).toBeGreaterThan(0n)
  })

  it('Y5 by tokenAmount pays at least tokenAmount through a 0.1 % strategy withdrawal fee (shares grossed up, proven by simulation)', async () => {
    const vault = beefy()
    const fee = await client().readContract({ address: vault.strategy!, abi: strategyFarmAbi, functionName: 'withdrawalFee' })
    expect(fee).toBe(10n)
    const tokenAmount = (await balanceOf(vault.address, user.address)) / 3n
    const built = await post(app, `/yield/${vault.address}/tx/withdraw`, { user: user.address, tokenAmount: tokenAmount.toString(), chainId: CHAIN })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    const [vaultBalance, supply] = await Promise.all([
      client().readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'balance' }),
      client().readContract({ address: vault.address, abi: beefyVaultAbi, functionName: 'totalSupply' }),
    ])
    const naiveShares = divUp(tokenAmount * supply, vaultBalance)
    const sharesBefore = await balanceOf(vault.address, user.address)
    const wantBefore = await balanceOf(vault.want, user.address)
    await sendDescriptor(user.account, built.body)
    const burnt = sharesBefore - (await balanceOf(vault.address, user.address))
    expect(burnt).toBeGreaterThan(naiveShares)
    expect((await balanceOf(vault.want, user.address)) - wantBefore).toBeGreaterThanOrEqual(tokenAmount)
  })

  it('Y5 by tokenAmount of everything the user holds cannot be paid through the fee: 422, never a descriptor that pays less', async () => {
    const vault = beefy()
    const { status, body } = await post(app, `/yield/${vault.address}/call/user-deposited`, { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    const refused = await post(app, `/yield/${vault.address}/tx/withdraw`, { user: user.address, tokenAmount: body.data, chainId: CHAIN })
    expect(refused.status).toBe(422)
    // The user lacks the shares the fee takes on top.
    expect(refused.body.code).toBe('INSUFFICIENT_FUNDS')
  })

  it('Y4 with more native coin than the user holds is a 422 naming the balance, not a 502', async () => {
    const poor = await fundedAccount(CHAIN)
    await client().request({ method: 'anvil_setBalance', params: [poor.address, toHex(parseEther('1'))] } as never)
    const vault = beefy()
    const { status, body } = await post(app, `/yield/${vault.address}/tx/zap-in-bnb`, {
      user: poor.address,
      tokenInAmount: parseEther('5').toString(),
      yieldZapAddress: vault.zap,
      slippage: 1,
      chainId: CHAIN,
    })
    expect(status).toBe(422)
    expect(body.code).toBe('INSUFFICIENT_FUNDS')
    expect(body.detail).toContain(parseEther('1').toString())
  })

  it('Y3 with a tokenIn the registry does not know is a 400 naming the field: no approval to an unknown contract', async () => {
    const vault = beefy()
    const { status, body } = await post(app, `/yield/${vault.address}/tx/zap-in`, {
      user: user.address,
      tokenInAmount: parseUnits('1', 18).toString(),
      yieldZapAddress: vault.zap,
      slippage: 1,
      tokenIn: vault.strategy,
      chainId: CHAIN,
    })
    expect(status).toBe(400)
    expect(body.errors[0].path).toBe('/body/tokenIn')
    expect(body.errors[0].message).toContain('registered')
  })
})

describe('Y8 on an ERC-4626 vault', () => {
  it('reports convertToAssets(balanceOf(user)) exactly, and while the vault is paused still shows the deposit, with gas 0 and why', async () => {
    const app = await testApp({ probes: false })
    const chain = devnetChain(CHAIN)
    const vault = chain.vaults.find((candidate) => candidate.kind === 'erc4626')!
    const owner = chain.accounts[0]!
    const user = owner.address
    const read = async () => {
      const answer = await post(app, `/yield/${vault.address}/call/user-deposited`, { user, chainId: CHAIN })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const blockNumber = BigInt(answer.headers['x-block-number'] as string)
      const shares = await client().readContract({ address: vault.address, abi: erc4626Abi, functionName: 'balanceOf', args: [user], blockNumber })
      const assets = await client().readContract({ address: vault.address, abi: erc4626Abi, functionName: 'convertToAssets', args: [shares], blockNumber })
      expect(answer.body.shares).toBe(shares.toString())
      expect(answer.body.data).toBe(assets.toString())
      expect(shares).toBeGreaterThan(0n)
      return answer.body
    }
    const open = await read()
    expect(open.gas).toBeGreaterThan(0)
    expect(open.gasNote).toBeUndefined()
    const ownerWallet = walletClientFor(CHAIN, privateKeyToAccount(owner.privateKey))
    await confirm(CHAIN, ownerWallet.writeContract({ address: vault.address, abi: erc4626VaultAbi, functionName: 'setPaused', args: [true] }))
    try {
      const paused = await read()
      expect(paused.gas).toBe(0)
      expect(paused.gasNote).toContain('EnforcedPause')
    } finally {
      await confirm(CHAIN, ownerWallet.writeContract({ address: vault.address, abi: erc4626VaultAbi, functionName: 'setPaused', args: [false] }))
      await app.close()
    }
  })
})
