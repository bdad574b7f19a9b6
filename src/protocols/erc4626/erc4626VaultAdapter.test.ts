import { type Address, erc20Abi, erc4626Abi, maxUint256, parseUnits, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { erc4626VaultAbi, erc4626VaultBytecode } from '../../../contracts/artifacts/index.js'
import { TX_GAS, confirm, deploy, devnet, devnetChain, fundedAccount, publicClientFor, walletClientFor, type FundedAccount } from '../../../test/devnet.js'
import { createChainClients, decodeRevert, readAll, type ChainClient } from '../../chain/index.js'
import { devnetChains } from '../../devnet/index.js'
import { erc4626VaultAdapter } from './erc4626VaultAdapter.js'

const CHAIN = 43114
const pub = publicClientFor(CHAIN)

let chain: ChainClient
let user: FundedAccount
/** A plain vault over a 6-decimal stable, owned by `user`, whose share is worth more than one asset. */
let vault: Address

/** The adapter's position of `owner` in `address`, read in one batch as Y8 reads it, and the block it is from. */
async function position(address: Address, owner: Address) {
  const { values, blockNumber } = await readAll(chain, erc4626VaultAdapter.positionReads(address, owner))
  return { ...erc4626VaultAdapter.toPosition(values), blockNumber }
}

/** The oracle: balanceOf and convertToAssets(balanceOf) read straight from the vault at `blockNumber`. */
async function direct(address: Address, owner: Address, blockNumber: bigint) {
  const shares = await pub.readContract({ address, abi: erc4626Abi, functionName: 'balanceOf', args: [owner], blockNumber })
  const underlying = await pub.readContract({ address, abi: erc4626Abi, functionName: 'convertToAssets', args: [shares], blockNumber })
  const maxWithdraw = await pub.readContract({ address, abi: erc4626Abi, functionName: 'maxWithdraw', args: [owner], blockNumber })
  return { shares, underlying, maxWithdraw }
}

const setPaused = (paused: boolean) =>
  confirm(
    CHAIN,
    walletClientFor(CHAIN, user.account).writeContract({ gas: TX_GAS, address: vault, abi: erc4626VaultAbi, functionName: 'setPaused', args: [paused] }),
  )

beforeAll(async () => {
  chain = createChainClients(devnetChains(devnet()), { timeoutMs: 5_000, retryCount: 0 }).get(CHAIN)!
  user = await fundedAccount(CHAIN)
  const usdc = devnetChain(CHAIN).tokens.USDC!
  vault = await deploy(CHAIN, user.account, { abi: erc4626VaultAbi, bytecode: erc4626VaultBytecode, args: [usdc, zeroAddress, 'Vault USDC adapter', 'vUSDCa'] })
  const wallet = walletClientFor(CHAIN, user.account)
  await confirm(CHAIN, wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [vault, maxUint256] }))
  await confirm(
    CHAIN,
    wallet.writeContract({ gas: TX_GAS, address: vault, abi: erc4626VaultAbi, functionName: 'deposit', args: [parseUnits('1000', 6), user.address] }),
  )
  // Assets without shares: the rate is no longer 1, and not a round number.
  await confirm(CHAIN, wallet.writeContract({ address: usdc, abi: erc20Abi, functionName: 'transfer', args: [vault, parseUnits('123.456789', 6)] }))
})

describe('erc4626VaultAdapter position (Y8) on the devnet', () => {
  it('values a devnet vault deposit at convertToAssets(balanceOf(user))', async () => {
    const { address } = devnetChain(CHAIN).vaults.find((v) => v.kind === 'erc4626' && v.strategy !== undefined)!
    const deployer = devnetChain(CHAIN).accounts[0]!.address
    const p = await position(address, deployer)
    const oracle = await direct(address, deployer, p.blockNumber)
    expect(p.shares).toBeGreaterThan(0n)
    expect({ shares: p.shares, underlying: p.underlying }).toEqual({ shares: oracle.shares, underlying: oracle.underlying })
  })

  it('still shows the deposit of a paused vault, where maxWithdraw says 0', async () => {
    await setPaused(true)
    const p = await position(vault, user.address)
    const oracle = await direct(vault, user.address, p.blockNumber)
    expect(oracle.maxWithdraw).toBe(0n)
    expect(p.underlying).toBeGreaterThan(p.shares)
    expect({ shares: p.shares, underlying: p.underlying }).toEqual({ shares: oracle.shares, underlying: oracle.underlying })
  })

  it('encodes a withdraw-all that reverts while paused and, once resumed, pays exactly that position', async () => {
    const p = await position(vault, user.address)
    const data = erc4626VaultAdapter.encodeWithdrawAll(user.address, p)
    const refused = await pub.call({ account: user.address, to: vault, data }).then(
      () => undefined,
      (error: unknown) => decodeRevert(error, erc4626VaultAbi),
    )
    expect(refused?.name).toBe('EnforcedPause')
    await setPaused(false)
    const usdc = devnetChain(CHAIN).tokens.USDC!
    const before = await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })
    await confirm(CHAIN, walletClientFor(CHAIN, user.account).sendTransaction({ to: vault, data, gas: TX_GAS }))
    const after = await pub.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [user.address] })
    expect(after - before).toBe(p.underlying)
    expect(await pub.readContract({ address: vault, abi: erc4626Abi, functionName: 'balanceOf', args: [user.address] })).toBe(0n)
  })
})
