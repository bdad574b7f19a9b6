import type { ChainClient } from './createChainClients.js'
import { WrongChain } from './rpc/chainIdentity.js'

/**
 * Asks every node of every chain its chain id (eth_chainId) and throws WrongChain naming each
 * URL whose node answers for another chain than the one it is set for. A node that does not
 * answer is no mismatch: the health checks ask it again, and take it out of rotation if it turns
 * out to be another chain's.
 */
export async function assertChainIds(chains: Map<number, ChainClient>): Promise<void> {
  const mismatches = (await Promise.all([...chains.values()].map((chain) => chain.rpc.checkChainIds()))).flat()
  if (mismatches.length > 0) throw new WrongChain(mismatches)
}
