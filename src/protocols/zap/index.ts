export { estimateSwapRead, encodeZapIn, encodeZapInNative, minimumOutput } from './zapCalls.js'
