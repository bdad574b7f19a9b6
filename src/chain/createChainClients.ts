import { createPublicClient, custom, defineChain, type Chain, type PublicClient, type Transport } from 'viem'
import type { ChainConfig, Config } from '../config/index.js'
import { RpcPool, type RpcObserver } from './rpc/RpcPool.js'
import type { CallOutcome } from './rpc/rpcFaults.js'

/** The canonical Multicall3 address on every production chain (and on the devnet). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** A configured chain: its settings, the viem client that reads it and the nodes behind that client. */
export interface ChainClient {
  chainId: number
  config: ChainConfig
  client: PublicClient<Transport, Chain>
  rpc: RpcPool
}

export interface ChainClientOptions {
  /** Longest one attempt on one node may take, ms. */
  timeoutMs: number
  /** Further passes over the nodes after the first, within the deadline. */
  retryCount: number
  /** A node whose head is this many blocks behind the best one is asked last (default 8). */
  maxLagBlocks?: number
  /** How often node heads are checked once `startProbes` runs, ms (default 5,000). */
  probeIntervalMs?: number
  /** Called before every JSON-RPC call (metrics, RPC-counting tests). */
  onRequest?: (chainId: number, method: string, outcome: CallOutcome, seconds: number) => void
  observer?: RpcObserver
}

/** The RPC settings of `config` as client options. */
export function rpcOptionsOf(config: Config): Pick<ChainClientOptions, 'timeoutMs' | 'retryCount' | 'maxLagBlocks' | 'probeIntervalMs'> {
  return { timeoutMs: config.rpcTimeoutMs, retryCount: config.rpcRetryCount, maxLagBlocks: config.rpcMaxLagBlocks, probeIntervalMs: config.rpcProbeIntervalMs }
}

/**
 * One viem public client per configured chain over an RpcPool of its URLs: ranked, with health
 * per URL, breakers, hedging and one deadline per client request (see RpcPool). Work done outside
 * a client request (the refresher) gets `timeoutMs × (retryCount + 1)`.
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
    const onRequest = options.onRequest
    const rpc = new RpcPool({
      chainId: config.chainId,
      urls: config.rpcUrls,
      attemptTimeoutMs: options.timeoutMs,
      passes: options.retryCount + 1,
      backgroundBudgetMs: options.timeoutMs * (options.retryCount + 1),
      maxLagBlocks: options.maxLagBlocks ?? 8,
      probeIntervalMs: options.probeIntervalMs ?? 5_000,
      ...(options.observer && { observer: options.observer }),
      ...(onRequest && { onCall: (method: string, outcome: CallOutcome, seconds: number) => onRequest(config.chainId, method, outcome, seconds) }),
    })
    // The pool retries and falls back itself, within the deadline: viem must not retry on top.
    const transport = custom({ request: rpc.request }, { retryCount: 0, key: 'rpc-pool', name: 'RPC pool' })
    const client = createPublicClient({ chain, transport, batch: { multicall: false }, cacheTime: 0 }) as PublicClient<Transport, Chain>
    clients.set(config.chainId, { chainId: config.chainId, config, client, rpc })
  }
  return clients
}

/** Starts the background health checks of every chain (readiness, lag, breakers); resolves after the first round. */
export async function startChainProbes(chains: Map<number, ChainClient>): Promise<void> {
  await Promise.all([...chains.values()].map((chain) => chain.rpc.startProbes()))
}

/** Stops the background health checks of every chain and closes its idle node connections. */
export function stopChainClients(chains: Map<number, ChainClient>): void {
  for (const chain of chains.values()) chain.rpc.close()
}
