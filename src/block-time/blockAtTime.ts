import type { ChainClient } from '../chain/index.js'
import type { BlockSample } from './BlockClock.js'

/**
 * Header reads one search makes at most (each a round trip): interpolation over timestamps gets
 * there in a few where blocks are steady; where they are not, every other step halves the range,
 * which finds any block of a 16-million-block chain within 48.
 */
const MAX_STEPS = 48

/**
 * A block whose timestamp lies within `toleranceSeconds` of `time` (seconds), found by
 * interpolation search over the chain's headers between its first block and `head`: where block
 * times are steady the first guess lands. Where they are not (a chain whose early blocks came
 * hours apart and later ones seconds apart), a guess can move the range's end by only a few
 * blocks; a step after one that did not halve the range bisects it instead. When no
 * block is that close (blocks far apart), the last block at or before `time`. 'before-genesis'
 * when the chain's first block came after `time` by more than the tolerance: the chain did not
 * exist then. `first` is the chain's first block when the caller knows it (read otherwise).
 * Throws when the node does not give a header.
 */
export async function blockAtTime(
  chain: ChainClient,
  head: BlockSample,
  time: number,
  toleranceSeconds: number,
  first?: BlockSample,
): Promise<BlockSample | 'before-genesis'> {
  let low = first ?? (await firstBlockOf(chain))
  if (low.timestamp > time + toleranceSeconds) return 'before-genesis'
  let high = head
  let bisect = false
  for (let step = 0; step < MAX_STEPS; step++) {
    if (Math.abs(low.timestamp - time) <= toleranceSeconds) return low
    if (Math.abs(high.timestamp - time) <= toleranceSeconds || high.timestamp <= time) return high
    const range = high.blockNumber - low.blockNumber
    if (range <= 1n) return low
    const span = high.timestamp - low.timestamp
    const share = bisect || span <= 0 ? 0.5 : (time - low.timestamp) / span
    let guess = low.blockNumber + BigInt(Math.round(Number(range) * share))
    if (guess <= low.blockNumber) guess = low.blockNumber + 1n
    if (guess >= high.blockNumber) guess = high.blockNumber - 1n
    const middle = await header(chain, guess)
    if (middle.timestamp <= time) low = middle
    else high = middle
    bisect = (high.blockNumber - low.blockNumber) * 2n > range
  }
  return low
}

/** The chain's first block (number 0) and its timestamp. */
export function firstBlockOf(chain: ChainClient): Promise<BlockSample> {
  return header(chain, 0n)
}

async function header(chain: ChainClient, blockNumber: bigint): Promise<BlockSample> {
  const block = await chain.client.getBlock({ blockNumber, includeTransactions: false })
  return { blockNumber, timestamp: Number(block.timestamp) }
}
