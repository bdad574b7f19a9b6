import type { Address } from 'viem'
import { errorLine } from '../chain/index.js'
import { readChainState } from '../chain-state/index.js'
import { chainFor, type ServiceContext } from '../context.js'
import { chainPrices, describePriceFailure, toUnits } from '../pricing/index.js'
import type { IndexStore } from '../store/index.js'

/** A token's USD price per whole token at a block, or why it has none. */
export type PriceAt = { usd: number } | { warning: string }

/** What a block's state says of value: every registered token's price, and every vault's want and share supply (wei, decimal). */
interface BlockValues {
  prices: Record<Address, PriceAt>
  vaults: Record<Address, { want: string; supply: string }>
}

/** A block's values, or why none can be given (the nodes no longer have that block's state). */
export type BlockPrices = ({ ok: true } & BlockValues) | { ok: false; note: string }

/**
 * The USD prices of every registered token and LP pair, and what every vault held for how many
 * shares, at each of `blocks`, as they were then:
 * those kept in the index store, the others read at their block (the chain's state in one
 * Multicall3 pass pinned to it, the blocks side by side) and kept for the next ask. A block whose
 * state the nodes no longer have (a pruned node, far back) gets a note, not a price of another
 * block.
 */
export async function pricesAtBlocks(ctx: ServiceContext, index: IndexStore, chainId: number, blocks: readonly bigint[]): Promise<Map<bigint, BlockPrices>> {
  const { chain, registry } = chainFor(ctx, chainId)
  const wanted = [...new Set(blocks)]
  const kept = await index.pricesAt<BlockValues>(chainId, wanted)
  const answers = new Map<bigint, BlockPrices>([...kept].map(([block, values]) => [block, { ok: true, ...values }]))
  await Promise.all(
    wanted
      .filter((block) => !kept.has(block))
      .map(async (block) => {
        let state: Awaited<ReturnType<typeof readChainState>>
        try {
          state = await readChainState(chain, registry, ctx.facts, { head: block })
        } catch (error) {
          answers.set(block, { ok: false, note: `no price at block ${block}: the nodes did not answer its state (${errorLine(error, 200)})` })
          return
        }
        const priced = chainPrices(registry, state, { takenAt: Date.now(), figurePolicy: ctx.config.figures })
        const values: BlockValues = { prices: {}, vaults: {} }
        for (const [token, price] of priced.prices) values.prices[token] = price.ok ? { usd: price.usd } : { warning: describePriceFailure(token, price) }
        for (const [vault, want] of state.vaultWant) {
          const supply = state.vaultSupply?.get(vault)
          if (want !== undefined && supply !== undefined) values.vaults[vault] = { want: want.toString(), supply: supply.toString() }
        }
        answers.set(block, { ok: true, ...values })
        await index.keepPrices(chainId, block, values).catch(() => undefined)
      }),
  )
  return answers
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
