/** Want per share, scaled by 1e18, of a vault holding `want` for `supply` shares (raw units); 1e18 for a vault with no shares. */
export function pricePerShare(want: bigint, supply: bigint): bigint {
  return supply === 0n ? 10n ** 18n : (want * 10n ** 18n) / supply
}

const YEAR_MS = 365 * 86_400_000

/** The windows APY is measured over, seconds of chain time. */
export const APY_WINDOWS = { '1d': 86_400, '7d': 7 * 86_400, '30d': 30 * 86_400, '90d': 90 * 86_400 } as const
export type ApyWindow = keyof typeof APY_WINDOWS

/**
 * A window's base point must lie within this share of the window of its start: the span it is
 * compounded over is then 95 % to 105 % of the window (a shorter span would compound a few
 * minutes' growth into an absurd yearly figure).
 */
export const APY_WINDOW_TOLERANCE = 0.05

/**
 * The yearly yield, a fraction a year (0.12 = 12 %), compounded, of a price per share that grew
 * from `then` to `now` in `elapsedMs`: (now / then)^(year / elapsed) − 1. Callers only pass
 * windows long enough for this not to explode (see vaultList's window rule).
 */
export function apyOf(then: bigint, now: bigint, elapsedMs: number): number {
  if (then <= 0n || elapsedMs <= 0) return 0
  // Each price per share to a double first (a relative error of 1e-16 each): a ratio cut to 12
  // decimals, compounded 365 times over a day, moved a 15 % APY by 4e-10, past its 8th decimal.
  const growth = Number(now) / Number(then)
  return growth ** (YEAR_MS / elapsedMs) - 1
}
