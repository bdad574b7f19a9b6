import { type ChainClient, createChainClients } from '../src/chain/index.js'
import { devnetChains } from '../src/devnet/index.js'
import { devnet } from './devnet.js'
import { nodeProxy, type NodeProxy } from './nodeProxy.js'

/** The devnet chain `chainId`'s client, its node behind a proxy that counts (and can fault) its calls; close the proxy after. */
export async function proxiedDevnetChain(chainId: number): Promise<{ proxy: NodeProxy; chain: ChainClient }> {
  const config = devnetChains(devnet()).find((candidate) => candidate.chainId === chainId)!
  const proxy = await nodeProxy(config.rpcUrls[0]!)
  const chain = createChainClients([{ ...config, rpcUrls: [proxy.url] }], { timeoutMs: 5_000, retryCount: 0 }).get(chainId)!
  return { proxy, chain }
}
