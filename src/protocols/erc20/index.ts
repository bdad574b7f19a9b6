export { tokenTextRead, decimalsRead, balanceOfRead, allowanceRead, nativeBalanceRead, totalSupplyRead } from './tokenReads.js'
