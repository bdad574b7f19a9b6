import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { onChain } from '../../answer-state/index.js'
import { vaultDetail, vaultList } from '../../yield/index.js'
import { addressOf } from '../request/input.js'
import type { App } from '../deps.js'
import { ChainQueryObjectSchema, OptionalChainQuerySchema } from '../schemas/ecosystem.js'
import { problemResponses } from '../schemas/problem.js'
import { aggregateAnswer, NOT_MODIFIED, READ_ERRORS } from '../schemas/responses.js'
import { VaultAddressParamsSchema, VaultDetailSchema, VaultFeesSchema, VaultListSchema } from '../schemas/yield.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

/** GET /vaults (every registered vault with what it holds, earns and charges) and GET /fees, from the snapshots. */
export function registerVaultRoutes(app: App, answers: SerializedAnswers): void {
  app.get(
    '/vaults',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['yield'],
        summary: 'Every registered vault (of a chain, or of every chain): family, want, strategy, zaps, price per share, TVL, last harvest and APY',
        querystring: OptionalChainQuerySchema,
        response: { 200: aggregateAnswer(VaultListSchema), ...NOT_MODIFIED, ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { entries, freshness } = await vaultList(ctx, { chainId: request.query.chain })
        return { freshness, body: entries }
      }),
  )

  app.get(
    '/vaults/:address',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['yield'],
        summary: "One vault's entry of /vaults with `inputs`: the block, chain values and prices each of its figures was computed from, to compute them again",
        params: VaultAddressParamsSchema,
        querystring: ChainQueryObjectSchema,
        response: {
          200: aggregateAnswer(VaultDetailSchema),
          ...NOT_MODIFIED,
          ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'VAULT_NOT_FOUND'),
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { entry, freshness } = await vaultDetail(onChain(ctx, request.query.chain), { vault: addressOf(request.params.address) })
        return { freshness, body: entry }
      }),
  )

  app.get(
    '/fees',
    {
      config: { minBlock: 'snapshot' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['yield'],
        summary: "Every registered vault's fees by vault address (performance, call, strategist, treasury, withdraw, deposit), read from the strategies",
        querystring: OptionalChainQuerySchema,
        response: { 200: aggregateAnswer(VaultFeesSchema), ...NOT_MODIFIED, ...problemResponses('NOT_READY', ...READ_ERRORS, 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async (ctx) => {
        const { entries, freshness } = await vaultList(ctx, { chainId: request.query.chain })
        return { freshness, body: Object.fromEntries(entries.map((entry) => [entry.address, entry.fees])) }
      }),
  )
}
