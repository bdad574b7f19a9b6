export { estimateSwapRead, encodeZapIn, encodeZapInNative, minimumOutput, pairReservesRead } from './zapCalls.js'
