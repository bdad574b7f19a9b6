export { createLogger, type LoggerOptions } from './createLogger.js'
export { readyBanner } from './readyBanner.js'
