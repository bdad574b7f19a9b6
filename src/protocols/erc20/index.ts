export { tokenTextRead, decimalsRead, balanceOfRead, allowanceRead, nativeBalanceRead } from './tokenReads.js'
