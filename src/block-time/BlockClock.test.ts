import { describe, expect, it } from 'vitest'
import { BlockClock, SEGMENT_BLOCKS, WINDOW_BLOCKS, type BlockSample } from './BlockClock.js'
import { blockTimeOf } from './blockTimeOf.js'

/** Samples of blocks `from`..`to` (every one) whose timestamps are `timeOf(block)`, whole seconds as headers carry them. */
function blocks(from: number, to: number, timeOf: (block: number) => number): BlockSample[] {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ blockNumber: BigInt(from + index), timestamp: Math.floor(timeOf(from + index)) }))
}

describe('BlockClock', () => {
  it('measures sub-second blocks from whole-second timestamps', () => {
    const clock = new BlockClock()
    clock.add(blocks(1_000, 1_400, (block) => 1_700_000_000 + block * 0.75))
    expect(clock.secondsPerBlock()).toBeCloseTo(0.75, 1)
  })

  it('a halt in one stretch does not move it', () => {
    const clock = new BlockClock()
    clock.add(blocks(1_000, 1_300, (block) => 1_700_000_000 + block * 3 + (block > 1_200 ? 600 : 0)))
    expect(clock.secondsPerBlock()).toBe(3)
  })

  it('follows the last window only, fed one sample per snapshot', () => {
    const clock = new BlockClock()
    clock.add(blocks(0, 300, (block) => block * 12))
    expect(clock.secondsPerBlock()).toBe(12)
    const start = 300 * 12
    for (let block = 301; block <= 300 + Number(WINDOW_BLOCKS); block++) clock.add([{ blockNumber: BigInt(block), timestamp: start + (block - 300) * 2 }])
    expect(clock.secondsPerBlock()).toBe(2)
  })

  it('asks for a backfill when the older half of the window is empty, and says which blocks', () => {
    const clock = new BlockClock()
    expect(clock.needsBackfill(1_000n)).toBe(true)
    clock.add([{ blockNumber: 1_000n, timestamp: 0 }])
    expect(clock.secondsPerBlock()).toBeUndefined()
    expect(clock.needsBackfill(1_000n)).toBe(true)
    const wanted = BlockClock.backfillBlocks(1_000n)
    expect(wanted).toEqual(Array.from({ length: Number(WINDOW_BLOCKS / SEGMENT_BLOCKS) }, (_, index) => 1_000n - SEGMENT_BLOCKS * BigInt(index + 1)))
    clock.add(wanted.map((blockNumber) => ({ blockNumber, timestamp: -Number(1_000n - blockNumber) * 4 })))
    expect(clock.needsBackfill(1_000n)).toBe(false)
    expect(clock.secondsPerBlock()).toBe(4)
  })

  it('on a chain younger than the window, measures from its first block', () => {
    const young = new BlockClock()
    young.add([{ blockNumber: 100n, timestamp: 200 }])
    expect(young.needsBackfill(100n)).toBe(true)
    const wanted = BlockClock.backfillBlocks(100n)
    expect(wanted).toEqual([84n, 68n, 52n, 36n, 20n, 4n, 0n])
    young.add(wanted.map((blockNumber) => ({ blockNumber, timestamp: Number(blockNumber) * 2 })))
    expect(young.needsBackfill(100n)).toBe(false)
    expect(young.secondsPerBlock()).toBe(2)
    expect(BlockClock.backfillBlocks(40n)).toEqual([24n, 8n, 0n])
    expect(BlockClock.backfillBlocks(10n)).toEqual([0n])
    // A chain of one block has no spacing to measure.
    expect(new BlockClock().needsBackfill(1n)).toBe(false)
  })
})

describe('blockTimeOf', () => {
  it("takes the override, else the measurement, else the known chain's default, else nothing", () => {
    expect(blockTimeOf({ chainId: 56, blockTimeSeconds: 0.75 }, 2.9)).toEqual({ seconds: 0.75, source: 'override' })
    expect(blockTimeOf({ chainId: 56 }, 0.76)).toEqual({ seconds: 0.76, source: 'measured' })
    expect(blockTimeOf({ chainId: 56 }, undefined)).toEqual({ seconds: 0.45, source: 'default' })
    expect(blockTimeOf({ chainId: 777 }, undefined)).toBeUndefined()
  })
})
