export { buildTx, describeCall, descriptorOf, feeSuggestionFor, startCall, withFees, type StartedCall, type TxPlan } from './buildTx.js'
export { balanceChangesOf } from './balanceChanges.js'
export { readForAction } from './readForAction.js'
export { actionError } from './actionError.js'
