export { estimateSwapRead, encodeZapIn, encodeZapInNative, encodeZapOut, minimumOutput } from './zapCalls.js'
