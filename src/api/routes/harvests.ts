import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { onChain } from '../../answer-state/index.js'
import { harvestHistory, type FeePart } from '../../yield/index.js'
import type { App } from '../deps.js'
import { addressOf, chainWindowOf } from '../request/input.js'
import { HarvestHistoryParamsSchema, HarvestHistoryQuerySchema, HarvestHistorySchema } from '../schemas/history.js'
import { problemResponses } from '../schemas/problem.js'
import { LIMIT_ERRORS, NOT_MODIFIED, storedAnswer } from '../schemas/responses.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

/** GET /vaults/{address}/harvests: a vault's harvests from the event index, each valued at its own block. */
export function registerHarvestRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/vaults/:address/harvests',
    {
      config: { minBlock: 'index' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['yield'],
        summary: "A vault's harvests, newest first, from the chain's own events: who harvested, what it added, and its USD value at that block's prices",
        params: HarvestHistoryParamsSchema,
        querystring: HarvestHistoryQuerySchema,
        response: {
          200: storedAnswer(HarvestHistorySchema),
          ...NOT_MODIFIED,
          ...problemResponses(
            'NOT_READY',
            'INVALID_REQUEST',
            'INVALID_ADDRESS',
            'UNSUPPORTED_CHAIN',
            'VAULT_NOT_FOUND',
            'STRATEGY_NOT_FOUND',
            'NOT_FOUND',
            ...LIMIT_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const { chain, limit } = request.query
      const vault = addressOf(request.params.address)
      return answers.send(request, reply, async (ctx) => {
        const history = await harvestHistory(onChain(ctx, chain), {
          vault,
          ...chainWindowOf(request.query),
          limit: limit ?? 100,
        })
        return {
          body: {
            vault,
            strategy: history.strategy,
            indexedThrough: history.indexedThrough?.toString() ?? null,
            harvests: history.harvests.map((harvest) => ({
              block: harvest.block.toString(),
              timestamp: harvest.timestamp,
              txHash: harvest.txHash,
              harvester: harvest.harvester,
              wantHarvested: harvest.wantHarvested.toString(),
              callReward: harvest.callReward?.toString() ?? null,
              usd: harvest.usd,
              ...(harvest.usdNote !== undefined && { usdNote: harvest.usdNote }),
              gain: harvest.wantHarvested.toString(),
              totalWantBefore: harvest.totalWantBefore?.toString() ?? null,
              fees: harvest.fees && {
                token: harvest.fees.token,
                source: harvest.fees.source,
                call: feePart(harvest.fees.call),
                treasury: feePart(harvest.fees.treasury),
                strategist: feePart(harvest.fees.strategist),
                total: feePart(harvest.fees.total),
              },
              ...(harvest.feesNote !== undefined && { feesNote: harvest.feesNote }),
              apr: harvest.apr,
              ...(harvest.aprNote !== undefined && { aprNote: harvest.aprNote }),
            })),
            ...(history.notes && { notes: history.notes }),
          },
        }
      })
    },
  )
}

function feePart(part: FeePart): { amount: string; usd: number | null } {
  return { amount: part.amount.toString(), usd: part.usd }
}
