import { vaultList } from '../../yield/index.js'
import type { App } from '../deps.js'
import { OptionalChainQuerySchema } from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { aggregateAnswer, NOT_MODIFIED, READ_ERRORS } from '../schemas/responses.js'
import { VaultListSchema } from '../schemas/yield.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

/** GET /vaults: every registered vault with what it holds and earns, from the snapshots (their APY base points included). */
export function registerVaultRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/vaults',
    {
      schema: {
        tags: ['yield'],
        summary: 'Every registered vault (of a chain, or of every chain): family, want, strategy, zaps, price per share, TVL, last harvest and APY',
        querystring: OptionalChainQuerySchema,
        response: { 200: aggregateAnswer(VaultListSchema), ...NOT_MODIFIED, ...problemResponses(...READ_ERRORS, 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { entries, freshness } = await vaultList(ctx, request.query.chain)
        return { freshness, body: entries }
      }),
  )
}
