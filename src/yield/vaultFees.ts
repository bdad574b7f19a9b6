import type { Address } from 'viem'
import type { StrategyFees } from '../chain-snapshot/index.js'
import type { RegisteredVault } from '../registry/index.js'
import type { VaultListing } from '../schema/index.js'

const WAD = 10n ** 18n
const BPS = 10_000

/**
 * What a vault charges, as fractions of what each fee is taken from (0.045 = 4.5 %): the
 * performance fee of each harvest's earnings and its parts (the caller's, the strategist's, the
 * treasury's; a strategy reports them as shares of the total, so they are converted), the
 * withdrawal fee of the amount withdrawn, the deposit fee of the amount deposited. They are the
 * registered strategy's, whatever the vault's family (an ERC-4626 vault over a Beefy-style
 * strategy pays its fees too). Null with a note when no strategy is registered (the ERC-4626
 * family itself exposes no fee configuration) or it did not report them. A performance total
 * the strategy does not expose is the registry's `performanceFee`, else null with a note (the
 * split is still given).
 */
export function vaultFees(
  vault: RegisteredVault,
  strategyFees: Map<Address, StrategyFees | undefined> | undefined,
): { fees: VaultListing['fees']; note?: string } {
  if (!vault.strategy)
    return {
      fees: null,
      note:
        vault.kind === 'erc4626'
          ? `fees: no strategy is registered for vault ${vault.address}, and the ERC-4626 family exposes no fee configuration of its own: what it keeps shows only in the price per share`
          : `fees: no strategy is registered for vault ${vault.address}, and its fees are its strategy's`,
    }
  if (!strategyFees) return { fees: null, note: 'fees: they are read by a refresher every few blocks, and this answer was computed without one' }
  const reported = strategyFees.get(vault.strategy)
  if (!reported)
    return {
      fees: null,
      note: `fees: strategy ${vault.strategy} does not report them (it has neither getAllFees(), nor getFees() with withdrawalFee(), nor callFee(), beefyFee() and STRATEGIST_FEE() over MAX_FEE())`,
    }
  // A strategy that fixes its performance fee inside its harvest (2021's FeeManager) leaves it to the registry.
  const total = reported.total ?? (vault.performanceFee === undefined ? null : BigInt(Math.round(vault.performanceFee * 1e18)))
  const ofTotal = (share: bigint) => (total === null ? null : fraction((total * share) / WAD, WAD))
  const fees: NonNullable<VaultListing['fees']> = {
    performance: {
      total: total === null ? null : fraction(total, WAD),
      call: ofTotal(reported.call),
      strategist: ofTotal(reported.strategist),
      treasury: ofTotal(reported.treasury),
      split: { call: fraction(reported.call, WAD), strategist: fraction(reported.strategist, WAD), treasury: fraction(reported.treasury, WAD) },
    },
    withdraw: fraction(reported.withdrawBps, reported.withdrawMax ?? BigInt(BPS)),
    deposit: fraction(reported.depositBps, BigInt(BPS)),
  }
  if (total !== null) return { fees }
  return {
    fees,
    note: `fees: strategy ${vault.strategy} fixes its performance fee inside its harvest and exposes no reading of it (no totalFee()): performance.total and its parts are null until the registry entry states it (performanceFee); performance.split gives how it is shared`,
  }
}

/** `part / whole`, to 12 decimals (a strategy's shares are 1e18 fixed point: 1/9 of 4.5 % is 0.004999…9). */
function fraction(part: bigint, whole: bigint): number {
  return Number((part * 10n ** 12n + whole / 2n) / whole) / 1e12
}
