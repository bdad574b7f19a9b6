import type { Address } from 'viem'
import { noBlockTimeNote, type BlockTime } from '../block-time/index.js'
import type { ChainClient, FactCache } from '../chain/index.js'
import { readPoolAt } from '../chain-state/index.js'
import { chainPrices, completedAprRecord, stakingAprs, type CompletedApr, type FigurePolicy } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** A read that the node could not serve is not tried again sooner than this, ms. */
const RETRY_MS = 600_000

/** completedAPR, with the timestamp (seconds) of the block it was read at when it was. */
type ReadApr = CompletedApr & { timestamp?: number }
type Kept = ReadApr & { retryAt?: number }

/**
 * The APRs an ended pool's staking pools had at the block before its end, read from the node at
 * that block (kept: the past does not change), with that block's timestamp. The last resort: a pruned (non-archive) node no
 * longer has that state, and then the answer is `{}` with a note saying why, remembered for a
 * while so the node is not asked on every snapshot. Never throws.
 */
export async function readCompletedApr(
  chain: ChainClient,
  registry: ChainRegistry,
  facts: FactCache,
  input: { pool: Address; endBlock: bigint; blockTime: BlockTime | undefined; figurePolicy?: FigurePolicy | undefined },
): Promise<ReadApr> {
  const { pool, endBlock, blockTime } = input
  // Without a block time there is no APR to keep: say so, and read once there is one.
  if (!blockTime) return { aprs: {}, note: noBlockTimeNote(chain.chainId) }
  const key = `completedApr:${chain.chainId}:${pool}:${endBlock}`
  const load = async (): Promise<Kept> => {
    const before = endBlock - 1n
    try {
      // The pool and the prices alone: the whole chain's state at that block would cost as much as a snapshot.
      const read = await readPoolAt(chain, registry, facts, pool, before)
      const priced = chainPrices(registry, read, { takenAt: read.timestamp * 1000, blockTime, ...(input.figurePolicy && { figurePolicy: input.figurePolicy }) })
      const state = priced.state.rewardPools.get(pool)
      if (state) return { aprs: completedAprRecord(stakingAprs(priced, state)), timestamp: read.timestamp }
      return { aprs: {}, note: `the pool did not answer its reads at block ${before}, the block before its end`, retryAt: Date.now() + RETRY_MS }
    } catch {
      return {
        aprs: {},
        note: `not available: the node does not serve the state of block ${before}, the block before the pool's end (a pruned node keeps no old state), and this service did not see the pool before its end`,
        retryAt: Date.now() + RETRY_MS,
      }
    }
  }
  let kept = await facts.get(key, load)
  if (kept.retryAt !== undefined && Date.now() >= kept.retryAt) {
    facts.forget(key)
    kept = await facts.get(key, load)
  }
  return { aprs: kept.aprs, ...(kept.note !== undefined && { note: kept.note }), ...(kept.timestamp !== undefined && { timestamp: kept.timestamp }) }
}
