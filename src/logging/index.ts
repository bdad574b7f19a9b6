export { createLogger, type LoggerOptions } from './createLogger.js'
export { readyBanner, readyFields } from './readyBanner.js'
