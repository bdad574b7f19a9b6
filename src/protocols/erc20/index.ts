export { tokenTextRead, decimalsRead, balanceOfRead } from './tokenReads.js'
