import { requestScope, type ChainClient } from '../chain/index.js'
import { BlockClock, type BlockSample } from './BlockClock.js'
import { blockTimeOf, type BlockTime } from './blockTimeOf.js'
import { readBlockSamples } from './readBlockSamples.js'

interface ChainClock {
  clock: BlockClock
  /** A backfill that read nothing is not tried again before this (epoch ms). */
  backfillAfter: number
  backfilling?: Promise<void>
}

/**
 * Each chain's clock, by the nodes behind it (the clients of requests and snapshots are views of
 * the same chain): the refresher and live reads of one process feed the same one.
 */
const clocks = new WeakMap<ChainClient['rpc'], ChainClock>()

/** A backfill that read no header is retried no sooner than this, ms. */
const BACKFILL_RETRY_MS = 60_000

/**
 * The block time of `chain` at `sample` (the block and timestamp, seconds, a snapshot or a live
 * read just saw). With BLOCK_TIME_<id> set, that override, and nothing is read. Otherwise measured
 * from the chain's recent blocks: each sample feeds the chain's clock, and the first time (or
 * after a pause longer than half the window) headers over the window are read in one go, in a
 * scope of `backfillBudgetMs` when given (else in `chain`'s), so they travel as one JSON-RPC
 * batch. A backfill that fails is no error: the known chain's default (or nothing, for a chain
 * the service does not know) stands until one succeeds.
 */
export async function measureBlockTime(chain: ChainClient, sample: BlockSample, options: { backfillBudgetMs?: number } = {}): Promise<BlockTime | undefined> {
  if (chain.config.blockTimeSeconds !== undefined) return blockTimeOf(chain.config, undefined)
  const entry = clocks.get(chain.rpc) ?? { clock: new BlockClock(), backfillAfter: 0 }
  clocks.set(chain.rpc, entry)
  entry.clock.add([sample])
  if (entry.clock.needsBackfill(sample.blockNumber) && Date.now() >= entry.backfillAfter) {
    entry.backfilling ??= backfill(chain, entry, sample.blockNumber, options.backfillBudgetMs).finally(() => (entry.backfilling = undefined))
    await entry.backfilling
  }
  return blockTimeOf(chain.config, entry.clock.secondsPerBlock())
}

async function backfill(chain: ChainClient, entry: ChainClock, head: bigint, budgetMs: number | undefined): Promise<void> {
  const samples = await readBlockSamples(budgetMs === undefined ? chain : chain.within(requestScope(budgetMs)), BlockClock.backfillBlocks(head))
  if (samples.length === 0) entry.backfillAfter = Date.now() + BACKFILL_RETRY_MS
  entry.clock.add(samples)
}
