export { tokenTextRead, decimalsRead, balanceOfRead, allowanceRead, nativeBalanceRead, totalSupplyRead } from './tokenReads.js'
export { transferEvents } from './transferEvents.js'
