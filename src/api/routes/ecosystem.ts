import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { onChain } from '../../answer-state/index.js'
import { addressOf } from '../request/input.js'
import { bridges, chainPriceList, chainTokens, lpValue, totalValueLocked } from '../../ecosystem/index.js'
import type { App } from '../deps.js'
import {
  BridgeListSchema,
  ChainQueryObjectSchema,
  LpQuerySchema,
  LpValueSchema,
  PriceMapSchema,
  TokenMetadataMapSchema,
  TvlQuerySchema,
  TvlSchema,
} from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { aggregateAnswer, CHAIN_ERRORS, LIMIT_ERRORS, NOT_MODIFIED, READ_ERRORS } from '../schemas/responses.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

const tags = ['ecosystem']

/** U2 LP value, U3 token metadata, E1 TVL, E3 bridges. */
export function registerEcosystemRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/lp',
    {
      schema: {
        tags,
        summary: 'U2 — USD value of an amount of an LP token (chain optional: where the LP token is registered)',
        querystring: LpQuerySchema,
        response: {
          200: aggregateAnswer(LpValueSchema),
          ...NOT_MODIFIED,
          ...problemResponses(...READ_ERRORS, 'INVALID_ADDRESS', 'INVALID_AMOUNT', 'UNSUPPORTED_CHAIN', 'TOKEN_NOT_FOUND', 'PRICE_UNAVAILABLE'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { lptoken, amount, chain } = request.query
        const lpToken = addressOf(lptoken)
        const value = await lpValue(ctx, { lpToken, amount: BigInt(amount), ...(chain !== undefined && { chainId: chain }) })
        return { freshness: value.freshness, body: { [lpToken]: { usd: value.usd } } }
      }),
  )

  app.get(
    '/tokens',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags,
        summary: 'U3 — metadata (image, name, symbol, decimals) of every registered token of a chain',
        querystring: ChainQueryObjectSchema,
        response: {
          200: aggregateAnswer(TokenMetadataMapSchema, 'x-omitted-tokens'),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await chainTokens(onChain(ctx, request.query.chain))
        return { freshness: result.freshness, headers: omitted('x-omitted-tokens', result.omitted), body: result.tokens }
      }),
  )

  app.get(
    '/prices',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags,
        summary: 'Added — the USD price of every registered token and LP pair of a chain, with where it comes from and its flags',
        querystring: ChainQueryObjectSchema,
        response: {
          200: aggregateAnswer(PriceMapSchema),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await chainPriceList(onChain(ctx, request.query.chain))
        return { freshness: result.freshness, body: result.prices }
      }),
  )

  app.get(
    '/tvl',
    {
      schema: {
        tags,
        summary: 'E1 — total value locked over every configured chain, by platform',
        querystring: TvlQuerySchema,
        response: { 200: aggregateAnswer(TvlSchema), ...NOT_MODIFIED, ...problemResponses(...READ_ERRORS) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await totalValueLocked(ctx, { platform: request.query.platform })
        return { freshness: result.freshness, body: result.tvl }
      }),
  )

  app.get(
    '/bridges',
    {
      schema: {
        tags,
        summary: 'E3 — the bridges, pairing Ethereum and BNB Smart Chain',
        response: { 200: aggregateAnswer(BridgeListSchema, 'x-omitted-bridges'), ...NOT_MODIFIED, ...problemResponses(...LIMIT_ERRORS, ...CHAIN_ERRORS) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const result = await bridges(ctx)
        return { freshness: result.freshness, headers: omitted('x-omitted-bridges', result.omitted), body: result.bridges }
      }),
  )
}

/** The `x-omitted-*` header naming what an answer leaves out, when it leaves out anything. */
export function omitted(header: string, addresses: readonly string[]): Record<string, string> {
  return addresses.length > 0 ? { [header]: addresses.join(',') } : {}
}
