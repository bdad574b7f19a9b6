import { describe, expect, it } from 'vitest'
import { FIRST_SPAN_BLOCKS, LogRange, suggestedSpan, TARGET_LOGS_PER_REQUEST } from './LogRange.js'

describe('LogRange', () => {
  it('starts small and doubles to the largest span after light answers', () => {
    const range = new LogRange(10_000n)
    expect(range.blocks).toBe(FIRST_SPAN_BLOCKS)
    const spans: bigint[] = []
    for (let i = 0; i < 8; i++) {
      spans.push(range.blocks)
      range.answered(range.blocks, 10)
    }
    expect(spans).toEqual([100n, 200n, 400n, 800n, 1_600n, 3_200n, 6_400n, 10_000n])
    // A largest span below the first one is the first one.
    expect(new LogRange(10n).blocks).toBe(10n)
  })

  it('falls to what a refusal suggests or half, and grows back by doubling', () => {
    const range = new LogRange(10_000n)
    for (let i = 0; i < 10; i++) range.answered(range.blocks, 10)
    expect(range.blocks).toBe(10_000n)
    range.refused(10_000n, 2_000n)
    expect(range.blocks).toBe(2_000n)
    range.refused(2_000n)
    expect(range.blocks).toBe(1_000n)
    // Light answers do not grow it past the refused size until enough of them passed.
    for (let i = 0; i < 49; i++) range.answered(1_000n, 10)
    expect(range.blocks).toBe(1_000n)
    range.answered(1_000n, 10)
    expect(range.blocks).toBe(2_000n)
    for (let i = 0; i < 200; i++) range.answered(range.blocks, 10)
    expect(range.blocks).toBe(10_000n)
  })

  it('cuts a span whose answer carried more logs than the target to fit it, and never below one block', () => {
    const range = new LogRange(10_000n)
    for (let i = 0; i < 10; i++) range.answered(range.blocks, 10)
    range.answered(10_000n, TARGET_LOGS_PER_REQUEST * 4)
    expect(range.blocks).toBe(2_500n)
    range.refused(1n)
    expect(range.blocks).toBe(1n)
  })
})

describe('suggestedSpan', () => {
  it.each([
    ['query returned more than 10000 results. Try with this block range [0x10, 0x2F].', 32n],
    ['eth_getLogs is limited to a 10,000 range', 10_000n],
    [
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response.',
      2_000n,
    ],
    ['exceed maximum block range: 5000', 5_000n],
    ['Log response size exceeded. this block range should work: [0x1f4, 0x3e7]', 500n],
    ['block range is too wide, maximum allowed is 2000', 2_000n],
    ['block range is too wide', undefined],
    ['query returned more than 10000 results', undefined],
    ['limit exceeded', undefined],
  ])('%s → %s', (message, span) => {
    expect(suggestedSpan(message)).toBe(span)
  })
})
