import { decodeFunctionData, erc20Abi, erc4626Abi, parseUnits, type Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  beefyVaultAbi,
  erc4626VaultAbi,
  erc4626VaultBytecode,
  resetApproveTokenAbi,
  resetApproveTokenBytecode,
  strategyFarmAbi,
} from '../../../contracts/artifacts/index.js'
import { appOfFile, post, sendDescriptor, testApp } from '../../../test/app.js'
import {
  confirm,
  deploy,
  devnet,
  devnetChain,
  fundedAccount,
  mine,
  publicClientFor,
  tokenBalance,
  walletClientFor,
  type FundedAccount,
} from '../../../test/devnet.js'
import { devnetRegistry } from '../../devnet/index.js'

const CHAIN = 56

/** What differs between the families, for the test's own direct reads. */
const families = {
  beefy: {
    /** want held by vault and strategy */
    vaultTotal: (vault: Address, blockNumber?: bigint) =>
      publicClientFor(CHAIN).readContract({ address: vault, abi: beefyVaultAbi, functionName: 'balance', blockNumber }),
    /** the user's deposit in want, as DECISIONS defines it: shares × pricePerFullShare / 1e18 */
    deposited: async (vault: Address, user: Address, blockNumber: bigint) => {
      const client = publicClientFor(CHAIN)
      const shares = await client.readContract({ address: vault, abi: beefyVaultAbi, functionName: 'balanceOf', args: [user], blockNumber })
      const price = await client.readContract({ address: vault, abi: beefyVaultAbi, functionName: 'getPricePerFullShare', blockNumber })
      return { shares, underlying: (shares * price) / 10n ** 18n }
    },
  },
  erc4626: {
    vaultTotal: (vault: Address, blockNumber?: bigint) =>
      publicClientFor(CHAIN).readContract({ address: vault, abi: erc4626Abi, functionName: 'totalAssets', blockNumber }),
    deposited: async (vault: Address, user: Address, blockNumber: bigint) => {
      const client = publicClientFor(CHAIN)
      const shares = await client.readContract({ address: vault, abi: erc4626Abi, functionName: 'balanceOf', args: [user], blockNumber })
      const underlying = await client.readContract({ address: vault, abi: erc4626Abi, functionName: 'convertToAssets', args: [shares], blockNumber })
      return { shares, underlying }
    },
  },
} as const

const balanceOf = (token: Address, owner: Address) => tokenBalance(CHAIN, token, owner)

const app = appOfFile()

describe.each(Object.keys(families) as (keyof typeof families)[])('%s vault, end to end through HTTP', (kind) => {
  const family = families[kind]
  let user: FundedAccount
  let vault: { address: Address; want: Address; strategy?: Address }
  const url = (action: string) => `/yield/${vault.address}/${action}`

  beforeAll(async () => {
    user = await fundedAccount(CHAIN)
    vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === kind && candidate.strategy)!
  })

  it('Y1 deposit: a fresh account gets an approval first, then shares are minted', async () => {
    const amount = parseUnits('3', 18)
    const { status, body, headers } = await post(app(), url('tx/deposit'), { user: user.address, amount: amount.toString(), chainId: CHAIN })
    expect(status).toBe(200)
    expect(headers['x-block-number']).toMatch(/^[0-9]+$/)
    expect(body).toMatchObject({ to: vault.address, chainId: CHAIN, from: user.address })
    expect(body, 'no native coin sent: no value').not.toHaveProperty('value')
    expect(body.approvals).toHaveLength(1)
    expect(body.approvals[0]).toMatchObject({ to: vault.want, chainId: CHAIN, from: user.address })
    expect(body.approvals[0]).not.toHaveProperty('value')
    const before = await family.deposited(vault.address, user.address, await publicClientFor(CHAIN).getBlockNumber())
    await sendDescriptor(user.account, body)
    const after = await family.deposited(vault.address, user.address, await publicClientFor(CHAIN).getBlockNumber())
    expect(after.shares).toBeGreaterThan(before.shares)
    // Valued back through the price per share, a deposit loses what three floors lose: the shares
    // minted, the price itself (1e-18 of want per share: up to shares / 1e18 wei over all shares)
    // and the product; with the price above 1 (fees kept by the strategies) that is reached.
    expect(after.underlying - before.underlying).toBeGreaterThanOrEqual(amount - amount / 10n ** 18n - 2n)
  })

  it('Y1 deposit with the allowance in place carries no approvals', async () => {
    const amount = parseUnits('1', 18)
    const first = await post(app(), url('tx/deposit'), { user: user.address, amount: amount.toString(), chainId: CHAIN })
    await sendDescriptor(user.account, { ...first.body.approvals[0], approvals: undefined })
    const second = await post(app(), url('tx/deposit'), { user: user.address, amount: amount.toString(), chainId: String(CHAIN) })
    expect(second.status).toBe(200)
    expect(second.body.approvals).toBeUndefined()
    await sendDescriptor(user.account, second.body)
  })

  it('Y8 user-deposited agrees with direct reads at the same block', async () => {
    const { status, body, headers } = await post(app(), url('call/user-deposited'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    const blockNumber = BigInt(headers['x-block-number'] as string)
    const direct = await family.deposited(vault.address, user.address, blockNumber)
    expect(body.data).toBe(direct.underlying.toString())
    expect(body.shares).toBe(direct.shares.toString())
    expect(body.gas).toBeGreaterThan(21_000)
  })

  it('Y8 answers data "0" and gas 0 for a user with no deposit', async () => {
    const { body } = await post(app(), url('call/user-deposited'), { user: '0x000000000000000000000000000000000000bEEF', chainId: CHAIN })
    expect(body).toEqual({ data: '0', gas: 0, shares: '0' })
  })

  it('Y5 withdraw by tokenAmount pays at least that amount of want', async () => {
    const tokenAmount = parseUnits('1.234567', 18)
    const { status, body } = await post(app(), url('tx/withdraw'), { user: user.address, tokenAmount: tokenAmount.toString(), ibtAmount: '0', chainId: CHAIN })
    expect(status).toBe(200)
    const before = await balanceOf(vault.want, user.address)
    await sendDescriptor(user.account, body)
    expect((await balanceOf(vault.want, user.address)) - before).toBeGreaterThanOrEqual(tokenAmount)
  })

  it('Y5 with `amount`, a field of other endpoints, is a 400 naming the fields withdraw takes', async () => {
    const { status, body } = await post(app(), url('tx/withdraw'), { user: user.address, amount: '1000', chainId: CHAIN })
    expect(status).toBe(400)
    expect(body.errors).toContainEqual({ path: '/body/amount', message: 'is not a known field; the fields here are: user, tokenAmount, ibtAmount, chainId' })
  })

  it('Y5 withdraw by ibtAmount burns exactly those shares', async () => {
    const shares = parseUnits('0.5', 18)
    const { status, body } = await post(app(), url('tx/withdraw'), { user: user.address, ibtAmount: shares.toString(), tokenAmount: '', chainId: CHAIN })
    expect(status).toBe(200)
    const before = await balanceOf(vault.address, user.address)
    await sendDescriptor(user.account, body)
    expect(before - (await balanceOf(vault.address, user.address))).toBe(shares)
  })

  it("Y5 more than the user holds is a 422 INSUFFICIENT_FUNDS with the vault's decoded error", async () => {
    const { status, body } = await post(app(), url('tx/withdraw'), { user: user.address, tokenAmount: parseUnits('1000000', 18).toString(), chainId: CHAIN })
    expect(status).toBe(422)
    expect(body.code).toBe('INSUFFICIENT_FUNDS')
    expect(body.revert.name).toBe(kind === 'beefy' ? 'InsufficientShares' : 'ERC4626ExceededMaxWithdraw')
    expect(body.detail).toMatch(/^withdraw would revert on chain 56: /)
  })

  it('Y7 harvest moves lastHarvest and grows the vault, and Y9 matches callReward at the same block', async () => {
    const strategy = vault.strategy!
    await mine(CHAIN, 20)
    const fees = await post(app(), `/yield/${strategy}/call/pending-fees`, { chainId: CHAIN })
    expect(fees.status).toBe(200)
    const feeBlock = BigInt(fees.headers['x-block-number'] as string)
    const callReward = await publicClientFor(CHAIN).readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'callReward', blockNumber: feeBlock })
    expect(fees.body.data).toBe(callReward.toString())
    expect(BigInt(fees.body.data)).toBeGreaterThan(0n)
    expect(fees.body.gas).toBeGreaterThan(21_000)

    const lastHarvest = await publicClientFor(CHAIN).readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'lastHarvest' })
    const totalBefore = await family.vaultTotal(vault.address)
    const { status, body } = await post(app(), `/yield/${strategy}/tx/harvest`, { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    expect(body.to).toBe(strategy)
    await sendDescriptor(user.account, body)
    expect(await publicClientFor(CHAIN).readContract({ address: strategy, abi: strategyFarmAbi, functionName: 'lastHarvest' })).toBeGreaterThan(lastHarvest)
    expect(await family.vaultTotal(vault.address)).toBeGreaterThan(totalBefore)
  })

  it('Y6 withdraw-all empties the position', async () => {
    const { status, body } = await post(app(), url('tx/withdraw-all'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(vault.address, user.address)).toBe(0n)
    const again = await post(app(), url('tx/withdraw-all'), { user: user.address, chainId: CHAIN })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('NOTHING_TO_DO')
  })

  it('Y2 deposit-all deposits the whole want balance', async () => {
    const balance = await balanceOf(vault.want, user.address)
    expect(balance).toBeGreaterThan(0n)
    const { status, body } = await post(app(), url('tx/deposit-all'), { user: user.address, chainId: CHAIN })
    expect(status).toBe(200)
    expect(body.approvals).toHaveLength(1)
    await sendDescriptor(user.account, body)
    expect(await balanceOf(vault.want, user.address)).toBe(0n)
    const again = await post(app(), url('tx/deposit-all'), { user: user.address, chainId: CHAIN })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('NOTHING_TO_DO')
  })
})

describe('a want token that refuses to change a non-zero allowance (like USDT)', () => {
  it('gets a reset to 0 before the approval, and the deposit goes through', async () => {
    const user = await fundedAccount(CHAIN)
    const token = await deploy(CHAIN, user.account, { abi: resetApproveTokenAbi, bytecode: resetApproveTokenBytecode, args: ['Tether-like', 'TTH', 6] })
    const zero = '0x0000000000000000000000000000000000000000'
    const vault = await deploy(CHAIN, user.account, { abi: erc4626VaultAbi, bytecode: erc4626VaultBytecode, args: [token, zero, 'Vault TTH', 'vTTH'] })
    const wallet = walletClientFor(CHAIN, user.account)
    await confirm(CHAIN, wallet.writeContract({ address: token, abi: resetApproveTokenAbi, functionName: 'mint', args: [user.address, parseUnits('1000', 6)] }))
    // A standing allowance that falls short of the deposit.
    await confirm(CHAIN, wallet.writeContract({ address: token, abi: resetApproveTokenAbi, functionName: 'approve', args: [vault, 1n] }))

    const file = devnetRegistry(devnet())
    file.chains[String(CHAIN)]!.tokens.push({ address: token })
    file.chains[String(CHAIN)]!.vaults!.push({ address: vault, kind: 'erc4626', want: token })
    const own = await testApp({ registry: file })
    try {
      const amount = parseUnits('250', 6)
      const { status, body } = await post(own, `/yield/${vault}/tx/deposit`, { user: user.address, amount: amount.toString(), chainId: CHAIN })
      expect(status).toBe(200)
      expect(body.approvals.map((approval: { data: `0x${string}` }) => decodeFunctionData({ abi: erc20Abi, data: approval.data }).args)).toEqual([
        [vault, 0n],
        [vault, amount],
      ])
      await sendDescriptor(user.account, body)
      expect(await balanceOf(vault, user.address)).toBe(amount)
    } finally {
      await own.close()
    }
  })
})
