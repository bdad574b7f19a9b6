import type { FastifyReply } from 'fastify'
import { requestScope } from '../../chain/index.js'
import { withinRequest, type ServiceContext } from '../../answer-state/index.js'
import type { AppDeps } from '../deps.js'

/**
 * The context of the request `reply` answers: every node call its service makes shares one
 * budget, REQUEST_BUDGET_MS from the request's arrival, across retries and fallbacks, and the
 * calls it starts together travel as one JSON-RPC batch.
 */
export function contextOf(deps: AppDeps, reply: FastifyReply): ServiceContext {
  return withinRequest(deps, requestScope(deps.config.requestBudgetMs, reply.elapsedTime))
}
