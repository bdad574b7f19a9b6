import { erc20Abi, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { confirm, devnetChain, fundedAccount, walletClientFor } from './devnet.js'

/** A failed transaction in a test says why, from the node's trace: the decoded error, or the call that ran out of gas. */
const CHAIN = 1

describe('whyReverted', () => {
  it('names a custom error with its arguments, decoded with the devnet ABIs', async () => {
    const user = await fundedAccount(CHAIN)
    const token = devnetChain(CHAIN).tokens.YLD!
    const wallet = walletClientFor(CHAIN, user.account)
    const tooMuch = parseUnits('1', 40)
    const sent = wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [token, tooMuch], gas: 100_000n })
    await expect(confirm(CHAIN, sent)).rejects.toThrow(
      new RegExp(`reverted: execution reverted: ERC20InsufficientBalance\\(${user.address}, \\d+, ${tooMuch}\\) in CALL 0xa9059cbb to ${token}`, 'i'),
    )
  })

  it('says out of gas, and how much the transaction had', async () => {
    const user = await fundedAccount(CHAIN)
    const token = devnetChain(CHAIN).tokens.YLD!
    const sent = walletClientFor(CHAIN, user.account).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [token, 1n],
      gas: 22_000n,
    })
    await expect(confirm(CHAIN, sent)).rejects.toThrow(/reverted: out of gas in CALL 0xa9059cbb .*the transaction used 22000 of 22000$/)
  })
})
