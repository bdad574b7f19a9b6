import type { Address } from 'viem'
import type { ChainClient } from '../chain/index.js'
import { findAncestor } from './findAncestor.js'
import { firstBlockOf } from './firstBlockOf.js'
import { isFinal, type ChainIndexerOptions } from './ChainIndexerOptions.js'

/** Registers the followed contracts the store does not know yet, from their first block (the registry's `fromBlock`, else found from the node). */
export async function registerFollowed(options: ChainIndexerOptions, chain: ChainClient, head: bigint): Promise<void> {
  const { store, log } = options
  const chainId = chain.chainId
  const known = new Set((await store.contracts(chainId)).map((contract) => contract.address))
  const fresh = options.contracts.filter((contract) => !known.has(contract.address))
  const unknown = fresh.filter((contract) => contract.fromBlock === undefined).map((contract) => contract.address)
  const found = unknown.length > 0 ? await firstBlockOf(chain, unknown, head) : new Map<Address, bigint | undefined>()
  const missing = unknown.filter((address) => found.get(address) === undefined)
  if (missing.length > 0)
    log.warn(
      `index of chain ${chainId}: no first block found for ${missing.join(', ')} (no code, or a node without old state): reading from block 0; set fromBlock in the registry`,
    )
  await store.follow(
    chainId,
    fresh.map((contract) => ({ address: contract.address, fromBlock: contract.fromBlock ?? found.get(contract.address) ?? 0n })),
  )
}

/**
 * The block `mismatched` is no longer the one stored: removes everything indexed above the newest
 * stored block still in place, for the next pass to read again. A reorg that replaced blocks past
 * the finality depth below `head` is an incident, logged as an error: the range it affected is
 * repaired the same way.
 */
export async function rewindReorg(options: ChainIndexerOptions, chain: ChainClient, mismatched: bigint, head: bigint): Promise<void> {
  const { store, owner, log, finalityDepth } = options
  const chainId = chain.chainId
  const ancestor = await findAncestor(chain, store, chainId, mismatched)
  const removed = await store.rewind(chainId, owner, ancestor)
  const replaced = `blocks after ${ancestor} were replaced; ${removed} event(s) of them removed, reading blocks ${ancestor + 1n} to ${head} again`
  if (isFinal(ancestor, head, finalityDepth))
    log.error(
      `index of chain ${chainId}: incident: a reorg deeper than the finality depth of ${finalityDepth} blocks (${head - ancestor} below head ${head}): ${replaced}`,
    )
  else log.warn(`index of chain ${chainId}: reorg below block ${mismatched}: ${replaced}`)
  options.onReorg?.(mismatched - ancestor, ancestor)
}

/** Builds the chain's lookups of the event index once its backfill is done, and says how long they took. */
export async function buildLookups(options: ChainIndexerOptions, chainId: number): Promise<void> {
  const started = performance.now()
  options.log.info(`index of chain ${chainId}: building the event index's lookups`)
  await options.store.buildIndexes(chainId)
  options.log.info(`index of chain ${chainId}: lookups built in ${((performance.now() - started) / 1000).toFixed(1)} s; its answers read the index from now on`)
}
