import { constants, type PerformanceEntry, PerformanceObserver, performance } from 'node:perf_hooks'
import { exposedCollector, YoungCollector } from '../src/snapshot/index.js'

/**
 * Run by src/snapshot/YoungCollector.test.ts in a process of its own with the refresher's V8 flags
 * (its young generation, and nothing of other tests in its heap). Prints one JSON line: the young
 * collections that started inside a block and in all, with the collector between blocks and left
 * to V8, and how many the collector ran.
 */

/** What a block's snapshot makes; it stays alive until the next block's replaces it, as a snapshot does. */
let lastBlock: unknown[] = []

/** A block's work: `mb` MB of objects. */
function block(mb: number): void {
  const made: { index: number; text: string }[] = []
  // About 64 bytes an entry: the object, and a short string of its own.
  for (let index = 0; index < (mb * 1024 * 1024) / 64; index++) made.push({ index, text: `e${index}` })
  lastBlock = made
}

/** Runs `blocks` blocks of `mb` MB each, calling `between` after each; counts the young collections that started inside a block, and all of them. */
async function scavengesIn(blocks: number, mb: number, between: () => void): Promise<{ inBlocks: number; all: number }> {
  const spans: [number, number][] = []
  const starts: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[])
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) starts.push(entry.startTime)
  })
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

const young = new YoungCollector(exposedCollector())
// Blocks left to V8 first, not counted: V8 grows the young generation to its size under this load,
// so neither count below pays for that growth.
await scavengesIn(30, 3, () => {})
let collected = 0
const between = await scavengesIn(60, 3, () => {
  if (young.afterBlock()) collected++
})
const alone = await scavengesIn(60, 3, () => {})
// keptEntries: the last block's size, so what each block keeps is read and not only written.
console.log(JSON.stringify({ between, alone, collected, keptEntries: lastBlock.length }))
