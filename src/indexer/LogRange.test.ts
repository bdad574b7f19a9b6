import { describe, expect, it } from 'vitest'
import { FIRST_SPAN_BLOCKS, LogRange, LogRanges, resultCapOf, suggestedSpan, TARGET_LOGS_PER_REQUEST } from './LogRange.js'

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

/**
 * A node that answers at most `cap` logs, over blocks of `density` logs each, asked `requests` times
 * by one URL's range: the refusals it met and the logs of the answers it gave, in order. Its
 * refusal is Infura's, which names the cap.
 */
function againstCappedNode({ cap, density, requests }: { cap: number; density: number; requests: number }) {
  const ranges = new LogRanges(10_000n)
  const refusal = Object.assign(new Error('RPC error'), { details: `query returned more than ${cap} results` })
  const answers: number[] = []
  let refused = 0
  for (let request = 0; request < requests; request++) {
    const blocks = ranges.of('node').blocks
    const logs = Number(blocks) * density
    if (logs > cap) {
      refused++
      ranges.refused(refusal, 'node', blocks)
    } else {
      answers.push(logs)
      ranges.of('node').answered(blocks, logs)
    }
  }
  return { refused, answers }
}

describe('a result cap the node names', () => {
  it.each([
    { cap: 1_000, density: 3 },
    { cap: 2_000, density: 7 },
  ])(
    'under the default target ($cap logs, $density a block) is taken: one refusal, then no more, where halving alone met it again and again',
    ({ cap, density }) => {
      const { refused, answers } = againstCappedNode({ cap, density, requests: 200 })
      expect(refused).toBe(1)
      // The answers after it are under the cap and not far under.
      expect(Math.min(...answers.slice(-100))).toBeGreaterThanOrEqual(cap * 0.4)
    },
  )

  it('of 10,000 (Infura, Alchemy) is not met by blocks as dense as the last: the default target leaves a fifth of it', () => {
    for (const density of [1, 7, 39, 40, 41, 70, 79]) expect(againstCappedNode({ cap: 10_000, density, requests: 200 }).refused).toBe(0)
  })

  it.each([
    ['query returned more than 10000 results', 10_000],
    ['query returned more than 10000 results. Try with this block range [0x10, 0x2F].', 10_000],
    ['you can request any block range with a cap of 10K logs in the response.', 10_000],
    ['eth_getLogs is limited to 1,000 logs', 1_000],
    ['max results exceeded: 5000', 5_000],
    ['block range is too wide, maximum allowed is 2000', undefined],
    ['limit exceeded', undefined],
  ])('%s → %s', (message, cap) => {
    expect(resultCapOf(message)).toBe(cap)
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
