import type { Address } from 'viem'
import { errorLine, type ChainClient, type FactCache } from '../chain/index.js'
import { readChainState } from '../chain-state/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { BlockPriceStore, BlockRef } from '../store/index.js'
import { chainPrices, type PricedState } from './chainPrices.js'
import { describePriceFailure } from './describePriceFailure.js'
import { toUnits } from './priceMath.js'
import type { FigurePolicy } from './resolvePrices.js'

/** A token's USD price per whole token at a block, or why it has none. */
export type PriceAt = { usd: number } | { warning: string }

/** What a block's state says of value: every registered token's price, and every vault's want and share supply (wei, decimal). */
export interface BlockValues {
  prices: Record<Address, PriceAt>
  vaults: Record<Address, { want: string; supply: string }>
}

/** A block's values, or why none can be given (the nodes no longer have that block's state, a reorg replaced it). */
export type BlockPrices = ({ ok: true } & BlockValues) | { ok: false; note: string }

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

/** The values a priced state gives its block: what is kept under the block's hash. */
export function blockValuesOf(priced: PricedState): BlockValues {
  const values: BlockValues = { prices: {}, vaults: {} }
  for (const [token, price] of priced.prices) values.prices[token] = price.ok ? { usd: price.usd } : { warning: describePriceFailure(token, price) }
  for (const [vault, want] of priced.state.vaultWant) {
    const supply = priced.state.vaultSupply?.get(vault)
    if (want !== undefined && supply !== undefined) values.vaults[vault] = { want: want.toString(), supply: supply.toString() }
  }
  return values
}

/**
 * USD value of `amount` (lowest denomination, `decimals` places) of `token` with the prices of a
 * block; a sentence instead when there is none.
 */
export function valueAt(prices: BlockPrices | undefined, token: Address, amount: bigint, decimals: number | undefined): { usd: number } | { note: string } {
  if (!prices) return { note: `no price of ${token} was read` }
  if (!prices.ok) return { note: prices.note }
  const price = prices.prices[token]
  if (!price) return { note: `${token} cannot be priced: it is not a registered token or LP pair` }
  if ('warning' in price) return { note: price.warning }
  if (decimals === undefined) return { note: `${token} did not answer decimals()` }
  return { usd: toUnits(amount, decimals) * price.usd }
}

/** What `shares` of `vault` were worth in want at a block (want wei, rounded down); undefined when the block's values do not say. */
export function sharesWorthAt(prices: BlockPrices | undefined, vault: Address, shares: bigint): bigint | undefined {
  const totals = prices?.ok ? prices.vaults[vault] : undefined
  if (!totals) return undefined
  const supply = BigInt(totals.supply)
  return supply === 0n ? 0n : (shares * BigInt(totals.want)) / supply
}
