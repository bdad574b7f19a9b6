import { createClient, custom, defineChain, publicActions, type Chain, type PublicClient, type Transport } from 'viem'
import type { ChainConfig, Config } from '../config/index.js'
import type { RequestScope } from './rpc/requestScope.js'
import { RpcPool, type RpcObserver } from './rpc/RpcPool.js'
import type { CallOutcome } from './rpc/rpcFaults.js'

/** The canonical Multicall3 address on every production chain (and on the devnet). */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const

/** One JSON-RPC call, as EIP-1193 `request` takes it. */
export type ChainRequest = (args: { method: string; params?: unknown }) => Promise<unknown>

/**
 * A configured chain: its settings, the nodes behind it, and two ways to ask them: `request`, one
 * JSON-RPC call as it is (what a transaction build sends: its estimate and simulation), and
 * viem's `client` for everything else. The chain clients a client request works with come from
 * `within(scope)`: their node calls keep the request's deadline, and those started in one turn
 * travel in one batch (with other requests' calls of that turn, see RpcPool.call).
 */
export interface ChainClient {
  chainId: number
  config: ChainConfig
  /** viem's client over the same nodes and scope; made on first use, as most client requests never use it (BENCHMARKS.md, "Figures behind the code"). */
  readonly client: PublicClient<Transport, Chain>
  request: ChainRequest
  rpc: RpcPool
  /** This chain for the work of one request, or one snapshot: its node calls share `scope`. */
  within(scope: RequestScope): ChainClient
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
 * One chain client per configured chain over an RpcPool of its URLs: ranked, with health per
 * URL, breakers, hedging and one deadline per client request (see RpcPool and `within`). Work
 * done outside a client request (the refresher's, unless it scopes it) gets
 * `timeoutMs × (retryCount + 1)`.
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
      ...(config.callsPerSecond !== undefined && { callsPerSecond: config.callsPerSecond }),
      ...(onRequest && { onCall: (method: string, outcome: CallOutcome, seconds: number) => onRequest(config.chainId, method, outcome, seconds) }),
    })
    clients.set(config.chainId, new ScopedChainClient(config, chain, rpc, undefined))
  }
  return clients
}

/**
 * The chain client over `rpc` whose calls share `scope` (none: the background budget, each call
 * alone). A class, not an object literal with a getter: every client request makes one (`within`),
 * and on Node 20's V8 a literal with a getter costs about 1 µs to make, an instance about 25 ns.
 */
class ScopedChainClient implements ChainClient {
  readonly chainId: number
  readonly request: ChainRequest
  private viemClient: PublicClient<Transport, Chain> | undefined

  constructor(
    readonly config: ChainConfig,
    private readonly chain: Chain,
    readonly rpc: RpcPool,
    scope: RequestScope | undefined,
  ) {
    this.chainId = config.chainId
    this.request = (args) => rpc.call(args, scope)
  }

  get client(): PublicClient<Transport, Chain> {
    this.viemClient ??= viemClientOver(this.chain, this.request)
    return this.viemClient
  }

  within(scope: RequestScope): ChainClient {
    return new ScopedChainClient(this.config, this.chain, this.rpc, scope)
  }
}

/**
 * viem's public client over `request`: its bare client with the public actions bound to it in
 * place. `createPublicClient` makes the same client through viem's `extend`, which copies it into
 * a new object and deletes the base keys from the actions one by one: about ten times the cost of
 * this, paid by every client request that reads a block or a receipt (BENCHMARKS.md, "Figures
 * behind the code"). Its `extend` and `scope` are the bare client's, so neither is used on it.
 */
function viemClientOver(chain: Chain, request: ChainRequest): PublicClient<Transport, Chain> {
  // The pool retries and falls back itself, within the deadline: viem must not retry on top.
  const transport = custom({ request }, { retryCount: 0, key: 'rpc-pool', name: 'RPC pool' })
  const client = createClient({ chain, transport, batch: { multicall: false }, cacheTime: 0, key: 'public', name: 'Public Client', type: 'publicClient' })
  return Object.assign(client, publicActions(client)) as PublicClient<Transport, Chain>
}

/** Starts the background health checks of every chain (readiness, lag, breakers); resolves after the first round. */
export async function startChainProbes(chains: Map<number, ChainClient>): Promise<void> {
  await Promise.all([...chains.values()].map((chain) => chain.rpc.startProbes()))
}

/** Stops the background health checks of every chain and closes its idle node connections. */
export function stopChainClients(chains: Map<number, ChainClient>): void {
  for (const chain of chains.values()) chain.rpc.close()
}
