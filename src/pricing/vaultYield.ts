/** Want per share, scaled by 1e18, of a vault holding `want` for `supply` shares (raw units); 1e18 for a vault with no shares. */
export function pricePerShare(want: bigint, supply: bigint): bigint {
  return supply === 0n ? 10n ** 18n : (want * 10n ** 18n) / supply
}

const YEAR_MS = 365 * 86_400_000

/**
 * The yearly yield, percent, compounded, of a price per share that grew from `then` to `now` in
 * `elapsedMs`: ((now / then)^(year / elapsed) − 1) × 100. Callers only pass windows long enough
 * for this not to explode (see vaultList's window rule).
 */
export function apyPercent(then: bigint, now: bigint, elapsedMs: number): number {
  if (then <= 0n || elapsedMs <= 0) return 0
  const growth = Number((now * 10n ** 12n) / then) / 1e12
  return (growth ** (YEAR_MS / elapsedMs) - 1) * 100
}
