import { encodeFunctionData, erc4626Abi, type Address } from 'viem'
import { contractCall } from '../../chain/index.js'
import type { VaultAdapter, VaultPosition } from '../vault/VaultAdapter.js'

/**
 * Standard ERC-4626 vaults: `deposit(assets, receiver)`, `withdraw(assets, receiver, owner)` (the
 * vault burns shares rounding up, so the user receives exactly `assets`) and `redeem(shares, ...)`.
 */
export const erc4626VaultAdapter: VaultAdapter = {
  kind: 'erc4626',
  encodeDeposit: (amount, user) => encodeFunctionData({ abi: erc4626Abi, functionName: 'deposit', args: [amount, user] }),
  encodeDepositAll: (balance, user) => encodeFunctionData({ abi: erc4626Abi, functionName: 'deposit', args: [balance, user] }),
  encodeRedeem: (shares, user) => encodeFunctionData({ abi: erc4626Abi, functionName: 'redeem', args: [shares, user, user] }),
  encodeWithdrawUnderlying: (amount, user) =>
    encodeFunctionData({ abi: erc4626Abi, functionName: 'withdraw', args: [amount, user, user] }),
  encodeWithdrawAll: (user, position) =>
    encodeFunctionData({ abi: erc4626Abi, functionName: 'redeem', args: [position.shares, user, user] }),
  totalWantRead: (vault) => contractCall(vault, erc4626Abi, 'totalAssets'),
  positionReads: (vault: Address, user: Address) =>
    [
      { address: vault, abi: erc4626Abi, functionName: 'balanceOf', args: [user] },
      // convertToAssets(balanceOf(user)) rounded down, in the same batch.
      { address: vault, abi: erc4626Abi, functionName: 'maxWithdraw', args: [user] },
    ] as const,
  toPosition: (values): VaultPosition => {
    const [shares, underlying] = values as [bigint, bigint]
    return { shares, underlying }
  },
}
