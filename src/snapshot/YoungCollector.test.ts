import { constants, type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { type Collect, YoungCollector } from './YoungCollector.js'

/** V8's collector in this process, which vitest starts without `--expose-gc`: a new context made after the flag has it. */
function realCollector(): Collect {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as Collect
}

/** A block's work: `mb` MB of objects, alive until the block ends (as a snapshot's are until the next). */
function block(mb: number): number {
  const made: { index: number; text: string }[] = []
  // About 64 bytes an entry: the object, and a short string of its own.
  for (let index = 0; index < (mb * 1024 * 1024) / 64; index++) made.push({ index, text: `e${index}` })
  return made.length
}

/**
 * Runs `blocks` blocks of `mb` MB each, calling `between` after each, and counts the young
 * collections whose start fell inside a block, and all of them.
 */
async function scavengesIn(blocks: number, mb: number, between: () => void): Promise<{ inBlocks: number; all: number }> {
  const spans: [number, number][] = []
  const starts: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) starts.push(entry.startTime)
  })
  // Two blocks first, not counted: a collector learns what a block makes from the one before.
  for (let index = 0; index < 2; index++) {
    block(mb)
    between()
  }
  observer.observe({ entryTypes: ['gc'] })
  for (let index = 0; index < blocks; index++) {
    const start = performance.now()
    block(mb)
    spans.push([start, performance.now()])
    between()
  }
  // The entries come on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 50))
  observer.disconnect()
  return { inBlocks: starts.filter((at) => spans.some(([from, to]) => at >= from && at <= to)).length, all: starts.length }
}

describe('YoungCollector', () => {
  it('scavenges between blocks, so none lands in one; left to V8, scavenges land in blocks', async () => {
    const young = new YoungCollector(realCollector())
    let collected = 0
    const between = await scavengesIn(60, 3, () => {
      if (young.afterBlock()) collected++
    })
    const alone = await scavengesIn(60, 3, () => {})
    expect(alone.inBlocks).toBeGreaterThan(2)
    expect(between.inBlocks).toBe(0)
    // About as many as V8 runs on its own: one when the young generation is nearly full, not one a block.
    expect(collected).toBeGreaterThan(0)
    expect(collected).toBeLessThanOrEqual(alone.all * 2)
  })

  it('does nothing in a process without V8 exposed to it', () => {
    expect(new YoungCollector(undefined).afterBlock()).toBe(false)
  })
})
