/** A block and its timestamp (seconds). */
export interface BlockSample {
  blockNumber: bigint
  timestamp: number
}

/** How far back the block time is measured, in blocks. */
export const WINDOW_BLOCKS = 256n
/**
 * The shortest stretch of blocks one spacing is measured over. Timestamps are whole seconds, so
 * on a chain of sub-second blocks the spacing of two neighbours is 0 or 1: only a mean over
 * several blocks says 0.75.
 */
export const SEGMENT_BLOCKS = 16n

/**
 * The recent blocks of one chain and the block time they show: the median, weighted by blocks, of
 * the mean spacing of each stretch of at least SEGMENT_BLOCKS between kept samples, over the last
 * WINDOW_BLOCKS. A median so a halt or a burst in one stretch does not move it. Pure: it is fed
 * samples (each snapshot's block, a backfill of headers) and never reads the chain.
 */
export class BlockClock {
  /** Ascending by block, at least SEGMENT_BLOCKS apart except the newest. */
  private samples: BlockSample[] = []

  /**
   * Takes samples in: drops those past the window, keeps one every SEGMENT_BLOCKS or more from the
   * oldest on (so what was kept stays kept as new blocks come) and always the newest.
   */
  add(samples: readonly BlockSample[]): void {
    const byBlock = new Map<bigint, BlockSample>()
    for (const sample of [...this.samples, ...samples]) byBlock.set(sample.blockNumber, sample)
    const sorted = [...byBlock.values()].sort((a, b) => (a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0))
    const newest = sorted[sorted.length - 1]
    if (!newest) return
    const kept: BlockSample[] = []
    for (const sample of sorted) {
      if (sample.blockNumber < newest.blockNumber - WINDOW_BLOCKS) continue
      const last = kept[kept.length - 1]
      if (sample === newest || !last || sample.blockNumber - last.blockNumber >= SEGMENT_BLOCKS) kept.push(sample)
    }
    this.samples = kept
  }

  /**
   * Whether the older half of the window ending at `head` holds no sample, so the measurement
   * would rest on too few blocks (a first start, or a pause longer than half the window). On a
   * chain younger than the window, the window is the blocks it has: from its first block on.
   */
  needsBackfill(head: bigint): boolean {
    const from = windowStart(head)
    if (head - from < 2n) return false
    const to = from + (head - from) / 2n
    return !this.samples.some((sample) => sample.blockNumber >= from && sample.blockNumber <= to)
  }

  /** The blocks a backfill should read below `head`: every SEGMENT_BLOCKS back over the window, and the window's first block. */
  static backfillBlocks(head: bigint): bigint[] {
    const from = windowStart(head)
    const blocks: bigint[] = []
    for (let block = head - SEGMENT_BLOCKS; block >= from; block -= SEGMENT_BLOCKS) blocks.push(block)
    if (from < head && blocks[blocks.length - 1] !== from) blocks.push(from)
    return blocks
  }

  /** Seconds per block over the window, or undefined with fewer than two samples (or a clock that does not move). */
  secondsPerBlock(): number | undefined {
    const stretches: { seconds: number; blocks: number }[] = []
    for (let index = 1; index < this.samples.length; index++) {
      const [earlier, later] = [this.samples[index - 1]!, this.samples[index]!]
      const blocks = Number(later.blockNumber - earlier.blockNumber)
      stretches.push({ seconds: (later.timestamp - earlier.timestamp) / blocks, blocks })
    }
    if (stretches.length === 0) return undefined
    stretches.sort((a, b) => a.seconds - b.seconds)
    const half = stretches.reduce((sum, stretch) => sum + stretch.blocks, 0) / 2
    let covered = 0
    for (const stretch of stretches) {
      covered += stretch.blocks
      if (covered >= half) return stretch.seconds > 0 ? stretch.seconds : undefined
    }
    return undefined
  }
}

/** The first block of the window ending at `head`: WINDOW_BLOCKS back, or the chain's first block. */
function windowStart(head: bigint): bigint {
  return head > WINDOW_BLOCKS ? head - WINDOW_BLOCKS : 0n
}
