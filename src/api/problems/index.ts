// Every error the API answers as problem+json (RFC 9457): the service's errors, Fastify's and
// Node's own refusals before routing, and 405s for methods a path does not take.
export { clientErrorHandler } from './clientErrors.js'
export { answerWrongMethods } from './methodNotAllowed.js'
export { handleError, handleNotFound, sendProblem } from './problem.js'
