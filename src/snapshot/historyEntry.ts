import type { ChainClient } from '../chain/index.js'
import { blockValuesOf, chainTvl, type PricedState, pricePerShare, stakingAprs } from '../pricing/index.js'
import type { BlockPriceStore, HistoryEntry } from '../store/index.js'

/**
 * What the history records of a chain's state at its block: TVL per product, the APR of every
 * staking pool still running (pools with a note have none), every vault's price per share, every
 * LP pair's reserves and supply (a trading APR's window base). The
 * point is in chain time: `takenAt` is the block's timestamp, so a point read from the past
 * (HistoryBackfill) and one the refresher takes now are on the same axis, and feeds are judged
 * stale against that block.
 */
export function historyEntryOf(priced: PricedState): HistoryEntry {
  // Prices are judged at the state's block, whoever priced it: the point is the snapshot's own.
  const state = priced.state
  const takenAt = state.timestamp * 1000
  // The priced state's pools: per-second families have their per-block fields there.
  const aprs = [...priced.state.rewardPools.values()].flatMap((pool) =>
    !pool || state.blockNumber >= pool.endBlock
      ? []
      : stakingAprs(priced, pool).flatMap((apr, pid) => (apr.note ? [] : [{ pool: pool.address, pid, apr: apr.apr }])),
  )
  const vaults = [...state.vaultWant].flatMap(([vault, want]) => {
    const supply = state.vaultSupply?.get(vault)
    return want === undefined || supply === undefined ? [] : [{ vault, pricePerShare: pricePerShare(want, supply) }]
  })
  const pairs = [...state.pairs].flatMap(([pair, point]) => (point ? [{ pair, ...point }] : []))
  return { chainId: state.chainId, blockNumber: state.blockNumber, takenAt, blockTime: state.timestamp, tvl: chainTvl(priced), aprs, vaults, pairs }
}

/**
 * Keeps a history point's prices and vault totals under its block (number and hash, read from the
 * node) in `blockPrices`, so a user's worth at that point is valued without reading its state
 * again, which a pruned node no longer has. A failure loses only that point's values: never throws.
 */
export async function keepPointValues(chain: ChainClient, blockPrices: BlockPriceStore | undefined, priced: PricedState): Promise<void> {
  if (!blockPrices) return
  try {
    const header = await chain.client.getBlock({ blockNumber: priced.state.blockNumber, includeTransactions: false })
    if (header.hash) await blockPrices.keep(chain.chainId, { number: priced.state.blockNumber, hash: header.hash }, blockValuesOf(priced))
  } catch {
    // The point is recorded without its values: a user's worth there is read from the node when asked.
  }
}
