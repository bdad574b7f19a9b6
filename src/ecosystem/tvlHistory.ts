import { lastInEachBucket, type SeriesInterval } from '../block-time/index.js'
import type { ServiceContext } from '../answer-state/index.js'
import { historyStore } from '../store/index.js'
import { TVL_PLATFORMS, type TvlPlatform } from './totalValueLocked.js'

/** One recorded TVL point of a chain: the platform's parts and their total, as GET /tvl/history sends it. */
export type TvlHistoryPoint = { chainId: number; blockNumber: string; takenAt: string; total: number } & Partial<
  Record<'bridgeTvl' | 'poolTvl' | 'yieldTvl', number>
>

/**
 * The TVL points every chain recorded between `from` and `to` (epoch ms, chain time), with the parts
 * `platform` names; with `interval`, each chain's last point of each bucket. 404 without a store.
 */
export async function tvlHistory(
  ctx: Pick<ServiceContext, 'store'>,
  { platform, interval, ...range }: { platform: TvlPlatform; from: number; to: number; interval?: SeriesInterval | undefined },
): Promise<TvlHistoryPoint[]> {
  const recorded = await historyStore(ctx.store).tvlHistory(range)
  const points = interval
    ? lastInEachBucket(recorded, interval, {
        seconds: (point) => point.takenAt / 1000,
        block: (point) => point.blockNumber,
        series: (point) => String(point.chainId),
      })
    : recorded
  return points.map((point) => {
    const parts = Object.fromEntries(TVL_PLATFORMS[platform].map((field) => [field, point[field]]))
    return {
      chainId: point.chainId,
      blockNumber: point.blockNumber.toString(),
      takenAt: new Date(point.takenAt).toISOString(),
      ...parts,
      total: Object.values(parts).reduce((sum, value) => sum + value, 0),
    }
  })
}
