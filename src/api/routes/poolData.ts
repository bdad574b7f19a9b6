import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { onChain } from '../../answer-state/index.js'
import { rewardPoolList, rewardPoolTvlOf, totalStakedOf } from '../../pool/index.js'
import type { App } from '../deps.js'
import { addressOf } from '../request/input.js'
import {
  OptionalChainQuerySchema,
  PoolListQuerySchema,
  PoolListSchema,
  PoolTvlParamsSchema,
  PoolTvlSchema,
  TokenParamsSchema,
  TotalStakedSchema,
  ChainQueryObjectSchema,
} from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { aggregateAnswer, NOT_MODIFIED, READ_ERRORS } from '../schemas/responses.js'
import { omitted } from './ecosystem.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

/** E2 /v2/pools, P6 /tvl/pool/{pool}, P7 /tokens/{address}/staked. */
export function registerPoolDataRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/v2/pools',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['ecosystem'],
        summary: 'E2 — the V2 reward pools of a chain, with chain data, APR per staking pool and completed APRs',
        querystring: PoolListQuerySchema,
        response: {
          200: aggregateAnswer(PoolListSchema, 'x-omitted-pools'),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await rewardPoolList(onChain(ctx, request.query.chain))
        return { freshness: result.freshness, headers: omitted('x-omitted-pools', result.omitted), body: result.pools }
      }),
  )

  app.get(
    '/tvl/pool/:poolAddress',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['pool'],
        summary: 'P6 — USD value locked in a reward pool, in total and per staking token',
        params: PoolTvlParamsSchema,
        querystring: ChainQueryObjectSchema,
        response: {
          200: aggregateAnswer(PoolTvlSchema),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'POOL_NOT_FOUND'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await rewardPoolTvlOf(onChain(ctx, request.query.chain), { pool: addressOf(request.params.poolAddress) })
        return { freshness: result.freshness, body: { total: result.total, ...result.byStakingToken, warnings: result.warnings } }
      }),
  )

  app.get(
    '/tokens/:address/staked',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['pool'],
        summary: 'P7 — total staked of a token over every registered pool (of a chain, or of every configured chain)',
        params: TokenParamsSchema,
        querystring: OptionalChainQuerySchema,
        response: {
          200: aggregateAnswer(TotalStakedSchema),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'TOKEN_NOT_FOUND'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { chain } = request.query
        const result = await totalStakedOf(ctx, { token: addressOf(request.params.address), ...(chain !== undefined && { chainId: chain }) })
        return { freshness: result.freshness, body: { totalStaked: result.totalStaked.toString(), warnings: result.warnings } }
      }),
  )
}
