export { tokenTextRead, decimalsRead, balanceOfRead, allowanceRead, nativeBalanceRead, totalSupplyRead } from './tokenReads.js'
export { encodeApprove } from './approve.js'
export { transferEvents } from './transferEvents.js'
