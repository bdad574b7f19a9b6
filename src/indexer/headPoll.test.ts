import { describe, expect, it } from 'vitest'
import { headPollMs } from './EventIndex.js'

describe('headPollMs', () => {
  it('looks three times a block on a fast chain, never beyond the poll interval, never faster than 50 ms', () => {
    // BNB Smart Chain: 0.45 s blocks; a new block's logs indexed within one.
    expect(headPollMs({ chainId: 56 }, 2_000)).toBe(150)
    expect(headPollMs({ chainId: 43114 }, 2_000)).toBe(667)
    // Ethereum's 12 s blocks: the poll interval bounds it.
    expect(headPollMs({ chainId: 1 }, 2_000)).toBe(2_000)
    // BLOCK_TIME_<id> decides over the known value; an unknown chain without one keeps the interval.
    expect(headPollMs({ chainId: 56, blockTimeSeconds: 3 }, 2_000)).toBe(1_000)
    expect(headPollMs({ chainId: 31_999, blockTimeSeconds: 0.1 }, 2_000)).toBe(50)
    expect(headPollMs({ chainId: 31_999 }, 2_000)).toBe(2_000)
  })
})
