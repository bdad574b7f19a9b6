import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ChainRegistry } from '../registry/index.js'
import { RollingAudit } from './RollingAudit.js'

/** A registry of `count` vaults: the audit reads only its contracts' addresses. */
function registryOf(count: number): ChainRegistry {
  const vaults = new Map(Array.from({ length: count }, (_, index) => [`0x${index.toString(16).padStart(40, '0')}` as Address, {}]))
  return { lpPairs: new Map(), vaults, strategies: new Map(), rewardPools: new Map() } as unknown as ChainRegistry
}

const PERIOD_SECONDS = 60

describe('the full read spread over blocks', () => {
  it('reads an even slice at every block of a chain that stamps 0.45 s blocks in whole seconds, and every contract within the period', () => {
    const registry = registryOf(4_000)
    const audit = new RollingAudit()
    const reads: number[] = []
    const lastRead = new Map<string, number>()
    let time = 0
    for (let block = 0; block < 400; block++) {
      const seconds = block % 2
      time += seconds
      const slice = audit.next(registry, seconds, PERIOD_SECONDS)
      reads.push(slice.vaults.size)
      for (const vault of slice.vaults) lastRead.set(vault, time)
    }
    // After the average settles: 4,000 contracts a minute at half a second a block is about 33 a block, where a slice per chain second gave 67 and 0.
    expect(Math.max(...reads.slice(40))).toBeLessThanOrEqual(37)
    expect(Math.min(...reads.slice(40))).toBeGreaterThanOrEqual(29)
    expect(lastRead.size).toBe(4_000)
    for (const at of lastRead.values()) expect(time - at).toBeLessThanOrEqual(PERIOD_SECONDS)
  })

  it('after more chain time than a period, reads the whole round within two blocks', () => {
    const registry = registryOf(1_000)
    const audit = new RollingAudit()
    for (let block = 0; block < 20; block++) audit.next(registry, 1, PERIOD_SECONDS)
    const read = new Set<string>([...audit.next(registry, 600, PERIOD_SECONDS).vaults, ...audit.next(registry, 1, PERIOD_SECONDS).vaults])
    expect(read.size).toBe(1_000)
  })
})
