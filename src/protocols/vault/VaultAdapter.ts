import type { Address, Hex } from 'viem'
import type { RawCall } from '../../chain/index.js'
import type { EventDecoder } from '../events/index.js'

/** What a vault family reads in one batch for a user: shares and their worth in want. */
export interface VaultPosition {
  /** The user's vault shares (the interest-bearing token), lowest denomination. */
  shares: bigint
  /** Those shares in want (underlying), lowest denomination, rounded down. */
  underlying: bigint
}

/**
 * One vault family (Beefy-style, ERC-4626, ...) behind the interface the yield endpoints use.
 * Everything family-specific is here: call data and the reads that value a position. A new family
 * is one new adapter; the endpoints never branch on the family.
 */
export interface VaultAdapter {
  readonly kind: string
  /**
   * Whether a vault of the family can change what the state reads of it without logging anything
   * (its assets accruing by the block, profit unlocking over time): such a vault is read at every
   * block, not only at blocks whose logs name it. A registry entry may say otherwise
   * (`changesWithoutEvents`).
   */
  readonly changesWithoutEvents: boolean
  /** Call data to deposit `amount` want for `user`. */
  encodeDeposit(amount: bigint, user: Address): Hex
  /** Call data to burn `shares` and send their want to `user`. */
  encodeRedeem(shares: bigint, user: Address): Hex
  /** Call data to withdraw at least `amount` want for `user`, given the user's position. */
  encodeWithdrawUnderlying(amount: bigint, user: Address, position: VaultPosition): Hex
  /**
   * Call data to withdraw everything the user holds. Families with a `withdrawAll()` build it
   * without a position (so its estimate can travel with the position reads); others need
   * `position.shares` and return undefined without it.
   */
  encodeWithdrawAll(user: Address, position: VaultPosition | undefined): Hex | undefined
  /** The reads (for one Multicall3 batch) that value `user`'s position in `vault`. */
  positionReads(vault: Address, user: Address): readonly RawCall<unknown>[]
  /** For families that say how much more they take: the read of that limit (ERC-4626 `maxDeposit`; 0 = closed to deposits). */
  depositLimitRead?(vault: Address): RawCall<bigint>
  /** The read of all want the vault holds for its depositors (Beefy `balance()`, ERC-4626 `totalAssets()`). */
  totalWantRead(vault: Address): RawCall<bigint>
  /** The read of the token the vault holds (Beefy `want()`, ERC-4626 `asset()`). */
  wantRead(vault: Address): RawCall<Address>
  /**
   * The reads every vault of the family answers and others do not (Beefy: `want`, `strategy`,
   * `getPricePerFullShare`; ERC-4626: `asset`, `convertToAssets`): how `registry discover` tells
   * the families apart.
   */
  familyReads(vault: Address): readonly RawCall<unknown>[]
  /** The read of the vault's strategy (`strategy()`); an ERC-4626 vault may have none (then it reverts or names the zero address). */
  strategyRead(vault: Address): RawCall<Address>
  /** Builds the position from the values of `positionReads`, in order (the family may add fields it needs later). */
  toPosition(values: readonly unknown[]): VaultPosition
  /**
   * For families whose position batch can only approximate the underlying (ERC-4626 cannot pass
   * the user's balance to `convertToAssets` in the same batch): the read of `shares`' exact worth.
   */
  underlyingRead?(vault: Address, shares: bigint): RawCall<bigint>
  /** Its share transfers (mints and burns are deposits and withdrawals) and deposit and withdrawal events, as account actions. */
  readonly events: EventDecoder
}

/** Rounds a division up: the smallest q with q × divisor ≥ dividend. */
export function divUp(dividend: bigint, divisor: bigint): bigint {
  return (dividend + divisor - 1n) / divisor
}
