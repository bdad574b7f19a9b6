export { buildPoolTx, type PoolTxInput } from './poolTx.js'
export { readPoolPosition, type PoolPosition } from './readPoolPosition.js'
export { resolvePool, type PoolTarget } from './resolvePool.js'
