export { createChainClients, MULTICALL3_ADDRESS, type ChainClient, type ChainClientOptions } from './createChainClients.js'
export { estimateGasWithMargin, applyGasMargin } from './estimateGas.js'
export { decodeRevert, toAppError, type DecodedRevert } from './decodeRevert.js'
