import { askChainId } from './chainIdentity.js'
import { AttemptFailed } from './rpcFaults.js'
import { rpcAnswerError, type RpcEndpoint, type WireCall } from './RpcEndpoint.js'

/** The health of a chain's nodes as last seen, without asking them now. */
export interface ChainHealth {
  /** Some node of this chain answered recently and its breaker is closed. */
  ready: boolean
  /** The highest head any node reported. */
  head: bigint | undefined
  endpoints: {
    endpoint: string
    open: boolean
    head: string | undefined
    lagging: boolean
    lastOkAgoMs: number | undefined
    /** The chain id the node answered when it is another chain's (out of rotation). */
    wrongChainId: number | undefined
  }[]
}

/** A probe waits this long for a node's head at most, ms. */
const PROBE_TIMEOUT_MS = 1_000

/** What the service knows of `endpoints`' health at `now` (no call is made). */
export function healthOf(endpoints: readonly RpcEndpoint[], options: { probeIntervalMs: number; maxLagBlocks: number }, now: number): ChainHealth {
  const best = bestHead(endpoints)
  // A node is ready while it answered within three probe intervals (10 s at least).
  const readyWindowMs = Math.max(3 * options.probeIntervalMs, 10_000)
  const fresh = (endpoint: RpcEndpoint) => endpoint.lastOkAt > 0 && now - endpoint.lastOkAt <= readyWindowMs
  return {
    ready: endpoints.some((endpoint) => fresh(endpoint) && !endpoint.isOpen(now) && !endpoint.isWrongChain()),
    head: best,
    endpoints: endpoints.map((endpoint) => ({
      endpoint: endpoint.label,
      open: endpoint.isOpen(now),
      head: endpoint.head?.toString(),
      lagging: isLagging(endpoint, best, options.maxLagBlocks),
      lastOkAgoMs: endpoint.lastOkAt ? now - endpoint.lastOkAt : undefined,
      wrongChainId: endpoint.wrongChainId,
    })),
  }
}

/**
 * Nodes in the order to ask them: closed breakers before open ones, in step before lagging, then
 * by rank. A node answering for another chain is left out: an open breaker is a last resort, a
 * wrong chain's answer never is.
 */
export function askOrder(endpoints: readonly RpcEndpoint[], maxLagBlocks: number, now: number): RpcEndpoint[] {
  const best = bestHead(endpoints)
  const weight = (endpoint: RpcEndpoint) => (endpoint.isOpen(now) ? 2 : 0) + (isLagging(endpoint, best, maxLagBlocks) ? 1 : 0)
  return [...endpoints]
    .filter((endpoint) => !endpoint.isWrongChain())
    .sort((a, b) => weight(a) - weight(b) || (a.isOpen(now) && b.isOpen(now) ? a.reopensAt() - b.reopensAt() : a.index - b.index))
}

/**
 * Asks each node for its head (a node that reported one within half of `probeIntervalMs` is
 * spared) and for its chain id (every node, once per interval: a URL may start answering for
 * another chain at any time, and calls that keep a node busy never ask it).
 */
export async function probeHeads(endpoints: readonly RpcEndpoint[], probeIntervalMs: number, nextId: () => number): Promise<void> {
  const now = Date.now()
  await Promise.all(
    endpoints.flatMap((endpoint) => [
      now - endpoint.chainIdAt < probeIntervalMs / 2 ? undefined : askChainId(endpoint, nextId(), PROBE_TIMEOUT_MS),
      probeHead(endpoint, now, probeIntervalMs, nextId),
    ]),
  )
}

async function probeHead(endpoint: RpcEndpoint, now: number, probeIntervalMs: number, nextId: () => number): Promise<void> {
  if (now - endpoint.headAt < probeIntervalMs / 2) return
  const call: WireCall = { jsonrpc: '2.0', id: nextId(), method: 'eth_blockNumber' }
  const startedAt = Date.now()
  try {
    const answer = (await endpoint.post([call], new AbortController().signal, PROBE_TIMEOUT_MS)).get(call.id)
    if (!answer || !('result' in answer))
      throw new AttemptFailed(
        'unavailable',
        rpcAnswerError(call, endpoint.url, answer && 'error' in answer ? answer.error : { code: -32603, message: 'no answer' }),
      )
    endpoint.sawHead(BigInt(answer.result as string))
    endpoint.succeeded(Date.now() - startedAt)
  } catch (error) {
    endpoint.failed(error instanceof AttemptFailed ? error.kind : 'network', Date.now() - startedAt)
  }
}

/** The highest head of this chain's nodes: another chain's head says nothing of this one's. */
function bestHead(endpoints: readonly RpcEndpoint[]): bigint | undefined {
  return endpoints.reduce<bigint | undefined>(
    (best, endpoint) => (endpoint.head !== undefined && !endpoint.isWrongChain() && (best === undefined || endpoint.head > best) ? endpoint.head : best),
    undefined,
  )
}

function isLagging(endpoint: RpcEndpoint, best: bigint | undefined, maxLagBlocks: number): boolean {
  return best !== undefined && endpoint.head !== undefined && endpoint.head + BigInt(maxLagBlocks) < best
}
