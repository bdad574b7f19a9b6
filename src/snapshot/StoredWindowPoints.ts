import type { Address } from 'viem'
import type { PairPoint } from '../chain-snapshot/index.js'
import type { PricePerSharePoint, SnapshotStore } from '../store/index.js'
import type { Wanted } from './windowPoints.js'

/**
 * How far past a window's range its points are read, seconds of chain time: the ranges of the
 * blocks that follow within it are answered from that read. It also bounds how long a point
 * another process wrote goes unseen.
 */
export const AHEAD_SECONDS = 60

/** One read of a window's stored points: each asked address's newest point from `from` to `to`. */
interface Read<Point> {
  from: number
  to: number
  /** The store's write count when the read was sent: a later write makes it old. */
  writes: number
  asked: Set<Address>
  points: Map<Address, Point>
}

/**
 * The points the store recorded near an APY window's start, for the vaults and pairs that lack
 * one (ApyBaseKeeper). A young vault lacks the 30d window for a month, and the window's start
 * moves with every block, so the store would be asked at every block for points it does not
 * have. One read reaches AHEAD_SECONDS past the range; a later block's range within it is
 * answered from that read, exactly: each address's newest point in the wider range is also the
 * newest in the narrower one when it lies there, and none lies there when it lies before or
 * there is none. Only an address whose newest point lies past the range is asked again, and
 * every read is done again after anything is written to the history.
 */
export class StoredWindowPoints {
  private readonly vaultReads = new Map<string, Read<PricePerSharePoint>>()
  private readonly pairReads = new Map<string, Read<PairPoint>>()

  constructor(
    private readonly store: SnapshotStore,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Each of `vaults`' newest price per share recorded with a block time from `from` to `to` (seconds); `key` names the chain and window. */
  vaults(key: string, chainId: number, vaults: readonly Address[], from: number, to: number): Promise<Map<Address, PricePerSharePoint>> {
    return this.between(
      this.vaultReads,
      key,
      vaults,
      from,
      to,
      (point) => point.blockTime,
      (asked, a, b) => this.store.vaultPointsBetween(chainId, asked, a, b),
    )
  }

  /** Each of `pairs`' newest reserves recorded with a block time from `from` to `to` (seconds). */
  pairs(key: string, chainId: number, pairs: readonly Address[], from: number, to: number): Promise<Map<Address, PairPoint>> {
    return this.between(
      this.pairReads,
      key,
      pairs,
      from,
      to,
      (point) => point.timestamp,
      (asked, a, b) => this.store.pairPointsBetween(chainId, asked, a, b),
    )
  }

  /**
   * Whether `vaults` and `pairs` would answer nothing for `lacking` from `from` to `to` without a
   * read: their last reads for `key` asked the same addresses, are current, cover that range and
   * found none of them there.
   */
  holdsNone(key: string, lacking: Wanted, from: number, to: number): boolean {
    return (
      none(this.vaultReads.get(key), lacking.vaults, this.store.writes, from, to) && none(this.pairReads.get(key), lacking.pairs, this.store.writes, from, to)
    )
  }

  private async between<Point>(
    reads: Map<string, Read<Point>>,
    key: string,
    asked: readonly Address[],
    from: number,
    to: number,
    timeOf: (point: Point) => number,
    read: (asked: readonly Address[], from: number, to: number) => Promise<Map<Address, Point>>,
  ): Promise<Map<Address, Point>> {
    if (asked.length === 0) return new Map()
    try {
      let last = reads.get(key)
      const covers = last && last.writes === this.store.writes && from >= last.from && to <= last.to && asked.every((address) => last!.asked.has(address))
      if (!covers) {
        const writes = this.store.writes
        last = { from, to: to + AHEAD_SECONDS, writes, asked: new Set(asked), points: await read(asked, from, to + AHEAD_SECONDS) }
        reads.set(key, last)
      }
      const points = last!.points
      const past = asked.filter((address) => {
        const point = points.get(address)
        return point !== undefined && timeOf(point) > to
      })
      const again = past.length > 0 ? await read(past, from, to) : undefined
      // In the order asked, every block the same.
      const found = new Map<Address, Point>()
      for (const address of asked) {
        const point = again?.get(address) ?? points.get(address)
        if (point !== undefined && timeOf(point) >= from && timeOf(point) <= to) found.set(address, point)
      }
      return found
    } catch (error) {
      this.onError(error)
      return new Map()
    }
  }
}

/** Whether `last` answers nothing for `asked` from `from` to `to` (see holdsNone). */
function none(last: Read<unknown> | undefined, asked: readonly Address[], writes: number, from: number, to: number): boolean {
  if (asked.length === 0) return true
  if (!last || last.writes !== writes || from < last.from || to > last.to || last.points.size > 0) return false
  return last.asked.size === asked.length && asked.every((address) => last.asked.has(address))
}
