import { errorLine, type ChainClient, type FactCache } from '../chain/index.js'
import { readChainState } from '../chain-state/index.js'
import { blockValuesOf, chainPrices, type BlockPrices, type BlockValues, type FigurePolicy } from '../pricing/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { BlockPriceStore, BlockRef } from '../store/index.js'
import type { ChainContext } from './context.js'

/** The prices of the context's chain at each of `blocks` (kept in the store once read), under the service's figure policy. */
export function pastPricesOf(ctx: ChainContext, blocks: readonly BlockRef[]): Promise<Map<bigint, BlockPrices>> {
  return pricesAtBlocks({ ...ctx, figurePolicy: ctx.config.figures }, ctx.blockPrices, blocks)
}

/** What reading a chain's past state takes. */
export interface BlockReader {
  chain: ChainClient
  registry: ChainRegistry
  facts: FactCache
  figurePolicy: FigurePolicy
}

/**
 * The USD prices of every registered token and LP pair, and what every vault held for how many
 * shares, at each of `blocks` (the blocks of indexed events, by number and hash), as they were
 * then: those `store` keeps for that hash, the others read at their block (the chain's state in
 * one Multicall3 pass pinned to it, beside its header; the blocks side by side) and kept for the
 * next ask. A block whose state the nodes no longer have (a pruned node, far back) gets a note,
 * not a price of another block; so does a block a reorg replaced since it was indexed (the node's
 * header there has another hash), whose values are not kept.
 */
export async function pricesAtBlocks(reader: BlockReader, store: BlockPriceStore | undefined, blocks: readonly BlockRef[]): Promise<Map<bigint, BlockPrices>> {
  const { chain, registry } = reader
  const wanted = [...new Map(blocks.map((block) => [block.number, block])).values()]
  const kept = store ? await store.valuesAt<BlockValues>(chain.chainId, wanted) : new Map<bigint, BlockValues>()
  const answers = new Map<bigint, BlockPrices>([...kept].map(([block, values]) => [block, { ok: true, ...values }]))
  await Promise.all(
    wanted
      .filter((block) => !kept.has(block.number))
      .map(async (block) => {
        let read: [Awaited<ReturnType<typeof readChainState>>, { hash: string | null }]
        try {
          read = await Promise.all([
            readChainState(chain, registry, reader.facts, { head: block.number }),
            chain.client.getBlock({ blockNumber: block.number, includeTransactions: false }),
          ])
        } catch (error) {
          answers.set(block.number, { ok: false, note: `no price at block ${block.number}: the nodes did not answer its state (${errorLine(error, 200)})` })
          return
        }
        const [state, header] = read
        if (header.hash?.toLowerCase() !== block.hash.toLowerCase()) {
          answers.set(block.number, {
            ok: false,
            note: `no price at block ${block.number}: a reorg replaced it after its events were indexed (the node's block there is ${header.hash}); the index reads it again`,
          })
          return
        }
        const values = blockValuesOf(chainPrices(registry, state, { takenAt: Date.now(), figurePolicy: reader.figurePolicy }))
        answers.set(block.number, { ok: true, ...values })
        await store?.keep(chain.chainId, block, values).catch(() => undefined)
      }),
  )
  return answers
}
