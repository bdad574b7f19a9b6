export { AppError, invalidInput, notFound, unsupportedChain, type AppErrorOptions, type InputIssue } from './AppError.js'
export { ERROR_CATALOG, ERROR_CODES, errorTable, statusesOf, type ErrorCode, type ErrorSpec } from './errorCatalog.js'
