import type { Address } from 'viem'
import type { BlockSample } from '../block-time/index.js'
import { ReadBatch, type ChainClient } from '../chain/index.js'
import type { ApyBase } from '../chain-snapshot/index.js'
import { pricePerShare } from '../pricing/index.js'
import { pairReservesRead, totalSupplyRead, vaultAdapterFor } from '../protocols/index.js'
import type { ChainRegistry } from '../registry/index.js'

/** What a window looks for: each vault's price per share, each LP want's reserves and supply. */
export interface Wanted {
  vaults: readonly Address[]
  pairs: readonly Address[]
}

export type VaultPoint = { vault: Address; pricePerShare: bigint }

/**
 * Reads `wanted` at `block` in one pass pinned to it, into `base` (its vaults' and pairs'
 * points, a note for each that did not answer there: it may not have existed yet); gives the
 * vaults' prices per share to record. Throws when the nodes no longer have that block's state.
 */
export async function readWindowPoints(
  chain: ChainClient,
  registry: ChainRegistry,
  wanted: Wanted,
  block: BlockSample,
  window: string,
  base: ApyBase,
): Promise<VaultPoint[]> {
  const batch = new ReadBatch()
  const reads = wanted.vaults.map((vault) => ({
    vault,
    want: batch.add(vaultAdapterFor(registry.vaults.get(vault)!.kind).totalWantRead(vault)),
    supply: batch.add(totalSupplyRead(vault)),
  }))
  const pairReads = wanted.pairs.map((pair) => ({ pair, reserves: batch.add(pairReservesRead(pair)), supply: batch.add(totalSupplyRead(pair)) }))
  await batch.run(chain, block.blockNumber)
  for (const { pair, reserves, supply } of pairReads) {
    const [held, shares] = [reserves.value(), supply.value()]
    if (held === undefined || shares === undefined)
      base.notes[pair] = `${window}: the pair did not answer at block ${block.blockNumber}, ${window} back (it may not have existed yet)`
    else base.pairs![pair] = { blockNumber: block.blockNumber, timestamp: block.timestamp, reserve0: held[0], reserve1: held[1], totalSupply: shares }
  }
  const points: VaultPoint[] = []
  for (const { vault, want, supply } of reads) {
    const [held, shares] = [want.value(), supply.value()]
    if (held === undefined || shares === undefined) {
      base.notes[vault] = `${window}: the vault did not answer at block ${block.blockNumber}, ${window} back (it may not have existed yet)`
      continue
    }
    base.vaults[vault] = { blockNumber: block.blockNumber, timestamp: block.timestamp, pricePerShare: pricePerShare(held, shares), source: 'node' }
    points.push({ vault, pricePerShare: base.vaults[vault].pricePerShare })
  }
  return points
}
