import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { onChain } from '../../answer-state/index.js'
import { harvestableList } from '../../yield/index.js'
import type { App } from '../deps.js'
import { ChainQueryObjectSchema } from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { aggregateAnswer, NOT_MODIFIED, READ_ERRORS } from '../schemas/responses.js'
import { HarvestableListSchema } from '../schemas/yield.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

/** GET /harvestable: the harvests of a chain's strategies, weighed for harvest bots; from the snapshot. */
export function registerHarvestableRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/harvestable',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['yield'],
        summary: "Which harvests pay now: each strategy's call reward against its harvest's gas cost, most profitable first",
        querystring: ChainQueryObjectSchema,
        response: { 200: aggregateAnswer(HarvestableListSchema), ...NOT_MODIFIED, ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { entries, freshness } = await harvestableList(onChain(ctx, request.query.chain))
        return { freshness, body: entries }
      }),
  )
}
