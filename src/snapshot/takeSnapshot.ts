import type { Address } from 'viem'
import type { ChainClient, FactCache } from '../chain/index.js'
import { readChainState } from '../ecosystem/index.js'
import type { ChainRegistry } from '../registry/index.js'
import type { ChainSnapshot } from './ChainSnapshot.js'

/** completedAPR of an ended pool: `{ "<pid>": "<apr>" }`. */
export type CompletedAprSource = (pool: Address, endBlock: bigint) => Promise<Record<string, string>>

/**
 * Reads a chain's snapshot: its whole state at the latest block (one Multicall3 pass) and the
 * completedAPR of every pool that has ended by then.
 */
export async function takeSnapshot(chain: ChainClient, registry: ChainRegistry, facts: FactCache, completedApr: CompletedAprSource): Promise<ChainSnapshot> {
  const state = await readChainState(chain, registry, facts)
  const completed: Record<Address, Record<string, string>> = {}
  for (const [address, pool] of state.rewardPools) {
    if (pool && state.blockNumber >= pool.endBlock) completed[address] = await completedApr(address, pool.endBlock)
  }
  return { chainId: chain.chainId, takenAt: Date.now(), state, completedApr: completed }
}
