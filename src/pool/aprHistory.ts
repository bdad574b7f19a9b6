import type { Address } from 'viem'
import { lastInEachBucket, type SeriesInterval } from '../block-time/index.js'
import type { ChainContext } from '../answer-state/index.js'
import { historyStore } from '../store/index.js'
import { poolNotRegistered } from './poolErrors.js'

/** One recorded APR of a staking pool, as the APR history routes send it. */
export interface AprHistoryPoint {
  pool: Address
  pid: number
  blockNumber: string
  takenAt: string
  /** A fraction a year. */
  apr: number
}

/**
 * The APRs recorded between `from` and `to` (epoch ms, chain time) of every staking pool of
 * `pool`, or of every reward pool of the chain without one. 404 for a pool its registry does not
 * hold, or when this service keeps no history.
 */
export async function aprHistory(
  ctx: ChainContext,
  { interval, ...query }: { pool?: Address; from: number; to: number; interval?: SeriesInterval | undefined },
): Promise<AprHistoryPoint[]> {
  const { registry } = ctx
  if (query.pool && !registry.rewardPools.has(query.pool)) throw poolNotRegistered(ctx, query.pool)
  const recorded = await historyStore(ctx.store).aprHistory({ ...query, chainId: ctx.chainId })
  const points = interval
    ? lastInEachBucket(recorded, interval, {
        seconds: (point) => point.takenAt / 1000,
        block: (point) => point.blockNumber,
        series: (point) => `${point.pool}/${point.pid}`,
      })
    : recorded
  return points.map((point) => ({
    pool: point.pool,
    pid: point.pid,
    blockNumber: point.blockNumber.toString(),
    takenAt: new Date(point.takenAt).toISOString(),
    // Stored as E2 gave it (percent, the seed's unit, which completedAPR keeps); this service's own rates are fractions a year.
    apr: point.apr / 100,
  }))
}
