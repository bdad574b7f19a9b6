import type { Address } from 'viem'
import { beefyVaultAbi } from '../../../contracts/artifacts/index.js'
import { contractCall, encodeCall } from '../../chain/index.js'
import { transferEvents } from '../erc20/index.js'
import { divUp, type VaultAdapter, type VaultPosition } from '../vault/VaultAdapter.js'

/** 1e18: `getPricePerFullShare()` is want per share scaled by this. */
const FULL_SHARE = 10n ** 18n

/** The position plus the vault totals that turn an underlying amount into shares. */
interface BeefyPosition extends VaultPosition {
  vaultBalance: bigint
  totalSupply: bigint
}

/** Shares to burn so that `withdraw(shares)`, which pays balance × shares / totalSupply rounded down, pays at least `amount`. */
export function sharesForUnderlying(amount: bigint, vaultBalance: bigint, totalSupply: bigint): bigint {
  return totalSupply === 0n || vaultBalance === 0n ? amount : divUp(amount * totalSupply, vaultBalance)
}

/**
 * Beefy-style vaults: `deposit(amount)`, `depositAll()`, `withdraw(shares)`, `withdrawAll()`, and
 * a position valued as shares × getPricePerFullShare() / 1e18.
 */
export const beefyVaultAdapter: VaultAdapter = {
  kind: 'beefy',
  // balance() is what the vault and its strategy hold: moved only by transfers, stakes and harvests, which log.
  changesWithoutEvents: false,
  // A Beefy vault emits no deposit or withdrawal event: its share mints and burns are them.
  events: transferEvents,
  encodeDeposit: (amount) => encodeCall(beefyVaultAbi, 'deposit', [amount]),
  encodeRedeem: (shares) => encodeCall(beefyVaultAbi, 'withdraw', [shares]),
  encodeWithdrawUnderlying: (amount, _user, position) => {
    const { vaultBalance, totalSupply } = position as BeefyPosition
    return encodeCall(beefyVaultAbi, 'withdraw', [sharesForUnderlying(amount, vaultBalance, totalSupply)])
  },
  encodeWithdrawAll: () => encodeCall(beefyVaultAbi, 'withdrawAll'),
  totalWantRead: (vault) => contractCall(vault, beefyVaultAbi, 'balance'),
  wantRead: (vault) => contractCall(vault, beefyVaultAbi, 'want'),
  familyReads: (vault) => [
    contractCall(vault, beefyVaultAbi, 'want'),
    contractCall(vault, beefyVaultAbi, 'strategy'),
    contractCall(vault, beefyVaultAbi, 'getPricePerFullShare'),
  ],
  strategyRead: (vault) => contractCall(vault, beefyVaultAbi, 'strategy'),
  positionReads: (vault: Address, user: Address) => [
    contractCall(vault, beefyVaultAbi, 'balanceOf', [user]),
    contractCall(vault, beefyVaultAbi, 'getPricePerFullShare'),
    contractCall(vault, beefyVaultAbi, 'balance'),
    contractCall(vault, beefyVaultAbi, 'totalSupply'),
  ],
  toPosition: (values): BeefyPosition => {
    const [shares, pricePerFullShare, vaultBalance, totalSupply] = values as [bigint, bigint, bigint, bigint]
    return { shares, underlying: (shares * pricePerFullShare) / FULL_SHARE, vaultBalance, totalSupply }
  },
}
