export { buildTx, describeCall, type TxPlan } from './buildTx.js'
export { readForAction } from './readForAction.js'
export { actionError } from './actionError.js'
