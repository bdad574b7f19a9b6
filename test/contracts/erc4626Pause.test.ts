import { type Address, erc20Abi, maxUint256, parseEther, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { erc4626VaultAbi, erc4626VaultBytecode } from '../../contracts/artifacts/index.js'
import { type FundedAccount, TX_GAS, confirm, deploy, devnetChain, fundedAccount, publicClientFor, revertOf, walletClientFor } from '../devnet.js'

const CHAIN = 43114
const pub = publicClientFor(CHAIN)
const DEPOSIT = parseEther('1000')
/** Sent to the vault without minting shares, so a share is worth more than one asset. */
const DONATION = parseEther('377')
const STRANGER = '0x000000000000000000000000000000000000bEEF'

let owner: FundedAccount
let asset: Address
let vault: Address

/** A view of the vault that returns an amount (shares or asset wei). */
const read = (functionName: 'maxDeposit' | 'maxMint' | 'maxWithdraw' | 'maxRedeem' | 'balanceOf' | 'convertToAssets', arg: Address | bigint) =>
  pub.readContract({ address: vault, abi: erc4626VaultAbi, functionName, args: [arg] } as never) as Promise<bigint>

const paused = () => pub.readContract({ address: vault, abi: erc4626VaultAbi, functionName: 'paused' })

const write = (functionName: 'setPaused' | 'deposit' | 'redeem', args: readonly unknown[]) =>
  confirm(CHAIN, walletClientFor(CHAIN, owner.account).writeContract({ gas: TX_GAS, address: vault, abi: erc4626VaultAbi, functionName, args } as never))

const simulate = (functionName: 'deposit' | 'mint' | 'withdraw' | 'redeem' | 'setPaused', args: readonly unknown[], account: Address = owner.address) =>
  pub.simulateContract({ account, address: vault, abi: erc4626VaultAbi, functionName, args } as never)

/** A plain Erc4626Vault of its own (pausing a shared devnet vault would break other test files), with a deposit and a donation. */
beforeAll(async () => {
  owner = await fundedAccount(CHAIN)
  asset = devnetChain(CHAIN).tokens.YLD!
  vault = await deploy(CHAIN, owner.account, { abi: erc4626VaultAbi, bytecode: erc4626VaultBytecode, args: [asset, zeroAddress, 'Vault YLD paused', 'vYLDp'] })
  const wallet = walletClientFor(CHAIN, owner.account)
  await confirm(CHAIN, wallet.writeContract({ address: asset, abi: erc20Abi, functionName: 'approve', args: [vault, maxUint256] }))
  await write('deposit', [DEPOSIT, owner.address])
  await confirm(CHAIN, wallet.writeContract({ address: asset, abi: erc20Abi, functionName: 'transfer', args: [vault, DONATION] }))
})

describe('Erc4626Vault pause', () => {
  it('belongs to its deployer: nobody else can pause it', async () => {
    expect(await pub.readContract({ address: vault, abi: erc4626VaultAbi, functionName: 'owner' })).toBe(owner.address)
    expect(await revertOf(simulate('setPaused', [true], STRANGER))).toEqual({ errorName: 'OwnableUnauthorizedAccount', args: [STRANGER] })
  })

  it('while paused: max* say 0, every entry point reverts with EnforcedPause, the shares keep their value', async () => {
    const shares = await read('balanceOf', owner.address)
    const worth = await read('convertToAssets', shares)
    // The donation makes a share worth more than one asset, so the value is not just the share count.
    expect(worth).toBeGreaterThan(shares)
    expect(await read('maxWithdraw', owner.address)).toBe(worth)

    await write('setPaused', [true])
    expect(await paused()).toBe(true)
    // Pausing twice is a no-op, not a revert.
    await write('setPaused', [true])

    for (const fn of ['maxDeposit', 'maxMint', 'maxWithdraw', 'maxRedeem'] as const) expect(await read(fn, owner.address)).toBe(0n)
    for (const [fn, args] of [
      ['deposit', [1n, owner.address]],
      ['deposit', [0n, owner.address]],
      ['mint', [1n, owner.address]],
      ['withdraw', [1n, owner.address, owner.address]],
      ['redeem', [shares, owner.address, owner.address]],
    ] as const) {
      expect(await revertOf(simulate(fn, args))).toEqual({ errorName: 'EnforcedPause', args: [] })
    }
    expect(await read('balanceOf', owner.address)).toBe(shares)
    expect(await read('convertToAssets', shares)).toBe(worth)
  })

  it('once resumed, redeems the shares for what convertToAssets said while paused', async () => {
    expect(await paused()).toBe(true)
    const shares = await read('balanceOf', owner.address)
    const worth = await read('convertToAssets', shares)
    await write('setPaused', [false])
    expect(await paused()).toBe(false)
    expect(await read('maxRedeem', owner.address)).toBe(shares)
    expect(await read('maxWithdraw', owner.address)).toBe(worth)

    const before = await pub.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [owner.address] })
    await write('redeem', [shares, owner.address, owner.address])
    const after = await pub.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [owner.address] })
    expect(after - before).toBe(worth)
  })
})
