import { encodeFunctionData, erc20Abi, HttpRequestError, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { beefyVaultAbi, rewardPoolAbi } from '../../contracts/artifacts/index.js'
import { devnetChain, fundedAccount, publicClientFor } from '../../test/devnet.js'
import { AppError } from '../errors/index.js'
import { decodeRevert, toAppError } from './decodeRevert.js'

const CHAIN = 56

/** The error viem throws for a call, or a failure if it does not throw. */
async function errorOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('decodeRevert on real reverts from the devnet', () => {
  it('names a custom error and its arguments from eth_estimateGas (no ABI given to viem)', async () => {
    const user = await fundedAccount(CHAIN)
    const vault = devnetChain(CHAIN).vaults.find((candidate) => candidate.kind === 'beefy')!
    const shares = parseUnits('5', 18)
    const error = await errorOf(
      publicClientFor(CHAIN).estimateGas({
        account: user.address,
        to: vault.address,
        data: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'withdraw', args: [shares] }),
      }),
    )
    const revert = decodeRevert(error, beefyVaultAbi)
    expect(revert).toMatchObject({ name: 'InsufficientShares', args: { have: '0', want: shares.toString() }, message: `InsufficientShares(0, ${shares})` })
  })

  it('names a custom error from eth_call', async () => {
    const pool = devnetChain(CHAIN).rewardPools[0]!
    const error = await errorOf(
      publicClientFor(CHAIN).call({
        account: '0x000000000000000000000000000000000000bEEF',
        to: pool.address,
        data: encodeFunctionData({ abi: rewardPoolAbi, functionName: 'unstake', args: [0n, 1n] }),
      }),
    )
    expect(decodeRevert(error, rewardPoolAbi)?.name).toMatch(/^(InsufficientStake|UnstakeLocked)$/)
  })

  it('reads a revert string as Error', async () => {
    // A Uniswap V2 pair reverts with strings: transferring LP tokens one does not have.
    const pair = devnetChain(CHAIN).pairs[0]!.address
    const error = await errorOf(
      publicClientFor(CHAIN).estimateGas({
        account: '0x000000000000000000000000000000000000bEEF',
        to: pair,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', 1n] }),
      }),
    )
    expect(decodeRevert(error, beefyVaultAbi)).toMatchObject({ name: 'Error', message: 'ds-math-sub-underflow' })
  })

  it('turns a revert into a 422 and an unreachable node into a 503 with retry-after', async () => {
    const vault = devnetChain(CHAIN).vaults[0]!
    const revert = await errorOf(
      publicClientFor(CHAIN).estimateGas({
        account: '0x000000000000000000000000000000000000bEEF',
        to: vault.address,
        data: encodeFunctionData({ abi: beefyVaultAbi, functionName: 'withdraw', args: [1n] }),
      }),
    )
    const unprocessable = toAppError(revert, { abi: beefyVaultAbi, chainId: CHAIN, action: 'withdraw' })
    expect(unprocessable).toBeInstanceOf(AppError)
    expect(unprocessable).toMatchObject({ status: 422, code: 'EXECUTION_REVERTED' })
    const down = toAppError(new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'ECONNREFUSED' }), {
      abi: beefyVaultAbi,
      chainId: CHAIN,
      action: 'deposit',
    })
    expect(down).toMatchObject({ status: 503, code: 'UPSTREAM_UNAVAILABLE', retryAfterSeconds: 5 })
    expect(down.message).not.toContain('127.0.0.1')
  })
})
