/** The lengths a series can be bucketed by, seconds of chain time. */
export const SERIES_INTERVALS = { '1h': 3_600, '1d': 86_400, '1w': 7 * 86_400 } as const
export type SeriesInterval = keyof typeof SERIES_INTERVALS

/**
 * Of `points` (any order), the last of each series in each bucket of `interval`: the point with
 * the highest block among those of one `seriesOf` key whose chain time (`secondsOf`, seconds)
 * falls in one bucket. Returned oldest first. A bucket starts at a multiple of its length since
 * the epoch (UTC days; weeks from a Thursday, the epoch's weekday).
 */
export function lastInEachBucket<T>(
  points: readonly T[],
  interval: SeriesInterval,
  of: { seconds: (point: T) => number; block: (point: T) => bigint; series?: (point: T) => string },
): T[] {
  const length = SERIES_INTERVALS[interval]
  const last = new Map<string, T>()
  for (const point of points) {
    const key = `${of.series?.(point) ?? ''}/${Math.floor(of.seconds(point) / length)}`
    const kept = last.get(key)
    if (!kept || of.block(point) > of.block(kept)) last.set(key, point)
  }
  return [...last.values()].sort((a, b) => of.seconds(a) - of.seconds(b) || (of.block(a) < of.block(b) ? -1 : of.block(a) > of.block(b) ? 1 : 0))
}
