import { createPublicClient, defineChain, fallback, http, type Chain, type PublicClient, type Transport } from 'viem'
import type { ChainConfig } from '../config/index.js'

/** The canonical Multicall3 address on every production chain (and on the devnet). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** A configured chain: its settings and the viem client that reads it. */
export interface ChainClient {
  chainId: number
  config: ChainConfig
  client: PublicClient<Transport, Chain>
}

export interface ChainClientOptions {
  timeoutMs: number
  retryCount: number
  /** Called before every JSON-RPC request (metrics, RPC-counting tests). */
  onRequest?: (chainId: number, method: string) => void
}

/**
 * One viem public client per configured chain. Several RPC URLs form a ranked `fallback`: the
 * healthiest answers, the others take over when it fails. Each request has a timeout and a bounded
 * number of retries so that a dead node turns into an error within a known time, never a hang.
 */
export function createChainClients(chains: readonly ChainConfig[], options: ChainClientOptions): Map<number, ChainClient> {
  const clients = new Map<number, ChainClient>()
  for (const config of chains) {
    const chain = defineChain({
      id: config.chainId,
      name: config.name ?? `chain ${config.chainId}`,
      nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
      rpcUrls: { default: { http: config.rpcUrls } },
      contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
    })
    const onFetchRequest = options.onRequest && countingHook(config.chainId, options.onRequest)
    const transports = config.rpcUrls.map((url) =>
      http(url, { timeout: options.timeoutMs, retryCount: 0, ...(onFetchRequest && { onFetchRequest }) }),
    )
    const transport =
      transports.length === 1
        ? http(config.rpcUrls[0], { timeout: options.timeoutMs, retryCount: options.retryCount, ...(onFetchRequest && { onFetchRequest }) })
        : fallback(transports, { rank: { interval: 10_000 }, retryCount: options.retryCount })
    const client = createPublicClient({ chain, transport, batch: { multicall: false }, cacheTime: 0 }) as PublicClient<Transport, Chain>
    clients.set(config.chainId, { chainId: config.chainId, config, client })
  }
  return clients
}

function countingHook(chainId: number, onRequest: (chainId: number, method: string) => void) {
  return async (request: Request) => {
    const body = (await request.clone().json()) as { method?: string } | { method?: string }[]
    for (const call of Array.isArray(body) ? body : [body]) onRequest(chainId, call.method ?? 'unknown')
  }
}
