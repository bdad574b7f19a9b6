import { erc4626Abi, parseAbi, type Address, zeroAddress } from 'viem'
import { contractCall, encodeCall } from '../../chain/index.js'
import { transferEvents } from '../erc20/index.js'
import { eventDecoder, eventDecoders, figures } from '../events/index.js'
import type { VaultAdapter, VaultPosition } from '../vault/VaultAdapter.js'

/**
 * Shares quoted by `convertToAssets` in the position batch. The batch cannot pass the user's
 * balance to `convertToAssets(balanceOf(user))`, so it reads the assets of this many shares and
 * scales: for a balance below 1e36 shares, shares × assetsPerUnit / 1e36 is convertToAssets(shares)
 * (a vault that rounds down as ERC-4626 requires) or, only when shares × rate falls within
 * shares/1e36 of a whole number, 1 wei less. Large enough for precision, small enough that
 * vaults multiplying before dividing (1e36 × totalAssets) do not overflow.
 */
const SHARE_PRICE_UNIT = 10n ** 36n

const strategyOfAbi = parseAbi(['function strategy() view returns (address)'])

/**
 * Standard ERC-4626 vaults: `deposit(assets, receiver)`, `withdraw(assets, receiver, owner)` (the
 * vault burns shares rounding up, so the user receives exactly `assets`) and `redeem(shares, ...)`.
 * A position is the user's shares valued by `convertToAssets`, not `maxWithdraw`: the deposit is
 * still there when the vault is paused or short of liquidity and `maxWithdraw` says 0.
 */
export const erc4626VaultAdapter: VaultAdapter = {
  kind: 'erc4626',
  // totalAssets() of many ERC-4626 vaults grows by the block (lent assets, profit unlocking): read at every block unless the registry says it does not.
  changesWithoutEvents: true,
  events: eventDecoders(
    eventDecoder(erc4626Abi, {
      // viem names the second argument `receiver` (OpenZeppelin `owner`): whoever the shares were minted to.
      Deposit: (args) => ({ action: 'deposit', account: args.receiver as Address, amount: args.assets as bigint, detail: figures(args, 'shares') }),
      Withdraw: (args) => ({
        action: 'withdraw',
        account: args.owner as Address,
        counterparty: args.receiver as Address,
        amount: args.assets as bigint,
        detail: figures(args, 'shares'),
      }),
    }),
    transferEvents,
  ),
  encodeDeposit: (amount, user) => encodeCall(erc4626Abi, 'deposit', [amount, user]),
  encodeRedeem: (shares, user) => encodeCall(erc4626Abi, 'redeem', [shares, user, user]),
  encodeWithdrawUnderlying: (amount, user) => encodeCall(erc4626Abi, 'withdraw', [amount, user, user]),
  encodeWithdrawAll: (user, position) => position && encodeCall(erc4626Abi, 'redeem', [position.shares, user, user]),
  totalWantRead: (vault) => contractCall(vault, erc4626Abi, 'totalAssets'),
  wantRead: (vault) => contractCall(vault, erc4626Abi, 'asset'),
  familyReads: (vault) => [contractCall(vault, erc4626Abi, 'asset'), contractCall(vault, erc4626Abi, 'convertToAssets', [SHARE_PRICE_UNIT])],
  // Not part of ERC-4626: vaults that farm through a strategy (the devnet's) name it so.
  strategyRead: (vault) => contractCall(vault, strategyOfAbi, 'strategy'),
  // Any receiver: a vault closed to deposits answers 0 for every one.
  depositLimitRead: (vault) => contractCall(vault, erc4626Abi, 'maxDeposit', [zeroAddress]),
  positionReads: (vault: Address, user: Address) => [
    contractCall(vault, erc4626Abi, 'balanceOf', [user]),
    contractCall(vault, erc4626Abi, 'convertToAssets', [SHARE_PRICE_UNIT]),
  ],
  toPosition: (values): VaultPosition => {
    const [shares, assetsPerUnit] = values as [bigint, bigint]
    return { shares, underlying: (shares * assetsPerUnit) / SHARE_PRICE_UNIT }
  },
  underlyingRead: (vault, shares) => contractCall(vault, erc4626Abi, 'convertToAssets', [shares]),
}
