export { estimateSwapRead, encodeZapIn, encodeZapInNative, encodeZapOut, minimumOutput, pairReservesRead } from './zapCalls.js'
