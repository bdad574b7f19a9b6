export { buildApp } from './buildApp.js'
export type { App, AppDeps } from './deps.js'
export { sendProblem } from './problems/index.js'
