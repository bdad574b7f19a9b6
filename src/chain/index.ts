export {
  createChainClients,
  rpcOptionsOf,
  startChainProbes,
  stopChainClients,
  MULTICALL3_ADDRESS,
  type ChainClient,
  type ChainRequest,
  type ChainClientOptions,
} from './createChainClients.js'
export { estimateGas, estimateGasWithMargin, applyGasMargin } from './estimateGas.js'
export { decodeRevert, toAppError, type DecodedRevert } from './decodeRevert.js'
export { readAll, ReadReverted } from './readAll.js'
export { simulateCalls, smallestGasLimit, SimulatedCallFailed, type SimulatedCall, type Transfer, type UnsignedCall } from './simulateGas.js'
export { FactCache } from './FactCache.js'
export { aggregate, contractCall, type RawCall, type Settled } from './aggregate.js'
export { ReadBatch, type ReadHandle } from './ReadBatch.js'
export { encodeCall } from './functionCodec.js'
export { requestScope, type RequestScope } from './rpc/requestScope.js'
export { agentFor, postJson } from './rpc/postJson.js'
export type { RpcObserver } from './rpc/RpcEndpoint.js'
export { assertChainIds } from './assertChainIds.js'
export { WrongChain, type ChainMismatch } from './rpc/chainIdentity.js'
export type { ChainHealth } from './rpc/RpcPool.js'
export type { CallOutcome } from './rpc/rpcFaults.js'
export { readFeeSuggestion, type FeeSuggestion } from './feeSuggestion.js'
export { errorLine } from './errorLine.js'
export { hasBlock } from './hasBlock.js'
