import type { RpcEndpoint, WireCall } from './RpcEndpoint.js'

/** A node URL whose node answers for another chain than the one the URL is set for. */
export interface ChainMismatch {
  /** The chain the URL is set for. */
  chainId: number
  /** The URL without its secret parts (urlForLogs). */
  url: string
  /** The chain id the node answered (eth_chainId). */
  nodeChainId: number
}

/**
 * Nodes that answer for another chain than their URL is set for: what they serve would be
 * another chain's contracts under this chain's id, and a descriptor built from it would ask a
 * wallet to sign for the wrong chain. The start and the registry commands stop on it.
 */
export class WrongChain extends Error {
  override readonly name = 'WrongChain'
  constructor(readonly mismatches: readonly ChainMismatch[]) {
    super(`chain error: ${mismatches.map(mismatchLine).join('; ')}`)
  }
}

/** The words every path uses for one mismatch: the URL, the chain it is set for and the node's. */
export function mismatchLine({ chainId, url, nodeChainId }: ChainMismatch): string {
  return `RPC URL ${url} is set for chain ${chainId} but its node answers eth_chainId ${nodeChainId} (a node of chain ${nodeChainId})`
}

/**
 * Asks one node its chain id and records it on the endpoint (a node of another chain leaves the
 * rotation). Undefined when the node does not answer it: its health checks deal with that.
 */
export async function askChainId(endpoint: RpcEndpoint, id: number, timeoutMs: number): Promise<number | undefined> {
  const call: WireCall = { jsonrpc: '2.0', id, method: 'eth_chainId' }
  try {
    const answer = (await endpoint.post([call], new AbortController().signal, timeoutMs)).get(id)
    if (!answer || !('result' in answer) || typeof answer.result !== 'string') return undefined
    const nodeChainId = Number(BigInt(answer.result))
    endpoint.sawChainId(nodeChainId)
    return nodeChainId
  } catch {
    return undefined
  }
}
