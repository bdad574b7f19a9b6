export { AppError, invalidField, unsupportedChain, type ErrorCode, type AppErrorOptions } from './AppError.js'
