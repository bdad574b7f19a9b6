import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { v8FlagsOf } from '../../scripts/productionV8Flags.mjs'
import { YoungCollector } from './YoungCollector.js'

/**
 * test/youngScavenges.ts in a process of the refresher's V8 flags. In this worker's heap, which
 * other test files share, the young generation is not the refresher's: one run counted 49
 * collections between blocks where V8 ran 21.
 */
async function scavenges(): Promise<{ between: { inBlocks: number; all: number }; alone: { inBlocks: number; all: number }; collected: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [...v8FlagsOf('refresher'), '--import', 'tsx', 'test/youngScavenges.ts'])
  return JSON.parse(stdout)
}

describe('YoungCollector', () => {
  it('scavenges between blocks, so none lands in one; left to V8, scavenges land in blocks', { timeout: 60_000 }, async () => {
    const { between, alone, collected } = await scavenges()
    expect(alone.inBlocks).toBeGreaterThan(2)
    expect(between.inBlocks).toBe(0)
    // About as many as V8 runs on its own (12–14 against 10 on this machine): one when the young
    // generation is nearly full, not one a block.
    expect(collected).toBeGreaterThan(0)
    expect(collected).toBeLessThanOrEqual(alone.all * 2)
  })

  it('does nothing in a process without V8 exposed to it', () => {
    expect(new YoungCollector(undefined).afterBlock()).toBe(false)
  })
})
