import { getHeapSpaceStatistics } from 'node:v8'

/** V8's collector as `--expose-gc` gives it (`gc` on the global object): the young generation with `{ type: 'minor' }`, the whole heap without. */
export type Collect = (options?: { type: 'minor' | 'major' }) => void

/** How many blocks' allocation the young generation must still have room for, or it is collected now. */
const ROOM_IN_BLOCKS = 2

/**
 * Collects the young generation between a chain's blocks rather than in one. Each snapshot
 * allocates a few MB (6 a block with 1,000 vaults and 1,000 reward pools registered) in a young
 * generation of 32 MB, so every fifth block or so V8 scavenged in the middle of it: a pause of 10 ms
 * on average, up to 85 ms on two cores the node shares, and the slowest blocks were the ones a
 * scavenge landed in. After each snapshot, when what the young generation has left is less than
 * two blocks' allocation, this scavenges it there and then: the same scavenge V8 would have run a
 * block or two later, with what the block made still alive in both cases, but while no block waits.
 *
 * It needs V8's collector, which a process has with `--expose-gc` (the refresher's production
 * flags); without it, it does nothing.
 */
export class YoungCollector {
  /** The young generation's use after the last snapshot, bytes. */
  private lastUsed = 0
  /** The most a snapshot was seen to allocate of late, bytes; it decays so one busy block does not set it for good. */
  private perBlock = 0

  /** `collect`: V8's collector (`exposedCollector()`), or undefined where the process has none. */
  constructor(private readonly collect: Collect | undefined) {}

  /** Called after a snapshot: scavenges now if the next block or the one after would fill the young generation; whether it did. */
  afterBlock(): boolean {
    if (!this.collect) return false
    const young = youngGeneration()
    if (!young) return false
    // A scavenge since the last look leaves less in use than before: that growth is not one block's.
    if (young.used >= this.lastUsed) this.perBlock = Math.max(young.used - this.lastUsed, this.perBlock * 0.9)
    this.lastUsed = young.used
    if (young.available >= ROOM_IN_BLOCKS * this.perBlock) return false
    this.collect({ type: 'minor' })
    this.lastUsed = youngGeneration()?.used ?? 0
    return true
  }
}

/** The young generation's bytes in use and left before V8 must scavenge it. */
function youngGeneration(): { used: number; available: number } | undefined {
  const space = getHeapSpaceStatistics().find((each) => each.space_name === 'new_space')
  return space && { used: space.space_used_size, available: space.space_available_size }
}

/** The collector `--expose-gc` puts on the global object, if this process was started with it. */
export function exposedCollector(): Collect | undefined {
  const gc = (globalThis as { gc?: unknown }).gc
  return typeof gc === 'function' ? (gc as Collect) : undefined
}
