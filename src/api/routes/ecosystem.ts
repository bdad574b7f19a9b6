import { getAddress } from 'viem'
import { bridges, chainTokens, lpValue, totalValueLocked } from '../../ecosystem/index.js'
import type { App, AppDeps } from '../deps.js'
import { BridgeListSchema, ChainQueryObjectSchema, LpQuerySchema, LpValueSchema, TokenMetadataMapSchema, TvlQuerySchema, TvlSchema } from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { serializedAnswersOf } from './serializedAnswers.js'

const tags = ['ecosystem']

/** U2 LP value, U3 token metadata, E1 TVL, E3 bridges. */
export function registerEcosystemRoutes(app: App, deps: AppDeps): void {
  const answers = serializedAnswersOf(deps)
  app.get(
    '/lp',
    {
      schema: {
        tags,
        summary: 'U2 — USD value of an amount of an LP token (chain optional: where the LP token is registered)',
        querystring: LpQuerySchema,
        response: { 200: LpValueSchema, ...problemResponses(400, 404, 422, 429, 502, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const { lptoken, amount, chain } = request.query
        const value = await lpValue(deps, { lpToken: lptoken, amount: BigInt(amount), ...(chain !== undefined && { chainId: chain }) })
        return { freshness: value.freshness, body: { [getAddress(lptoken)]: { usd: value.usd } } }
      }),
  )

  app.get(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'U3 — metadata (image, name, symbol, decimals) of every registered token of a chain',
        querystring: ChainQueryObjectSchema,
        response: { 200: TokenMetadataMapSchema, ...problemResponses(400, 429, 502, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const result = await chainTokens(deps, request.query.chain)
        return { freshness: result.freshness, headers: omitted('x-omitted-tokens', result.omitted), body: result.tokens }
      }),
  )

  app.get(
    '/tvl',
    {
      schema: {
        tags,
        summary: 'E1 — total value locked over every configured chain, by platform',
        querystring: TvlQuerySchema,
        response: { 200: TvlSchema, ...problemResponses(400, 429, 502, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const result = await totalValueLocked(deps, request.query.platform)
        return { freshness: result.freshness, body: result.tvl }
      }),
  )

  app.get(
    '/bridges',
    { schema: { tags, summary: 'E3 — the bridges, pairing Ethereum and BNB Smart Chain', response: { 200: BridgeListSchema, ...problemResponses(429, 502, 503) } } },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const result = await bridges(deps)
        return { freshness: result.freshness, headers: omitted('x-omitted-bridges', result.omitted), body: result.bridges }
      }),
  )
}


/** The `x-omitted-*` header naming what an answer leaves out, when it leaves out anything. */
export function omitted(header: string, addresses: readonly string[]): Record<string, string> {
  return addresses.length > 0 ? { [header]: addresses.join(',') } : {}
}
