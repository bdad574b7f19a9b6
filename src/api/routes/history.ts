import { onChain } from '../../answer-state/index.js'
import { tvlHistory } from '../../ecosystem/index.js'
import { aprHistory } from '../../pool/index.js'
import { parseTimestamp } from '../../schema/index.js'
import { vaultApyHistory } from '../../yield/index.js'
import type { App, AppDeps } from '../deps.js'
import { addressOf } from '../request/input.js'
import {
  AprHistoryParamsSchema,
  AprHistoryQuerySchema,
  AprHistorySchema,
  ChainAprHistorySchema,
  TvlHistoryQuerySchema,
  TvlHistorySchema,
} from '../schemas/history.js'
import { problemResponses } from '../schemas/problem.js'
import { LIMIT_ERRORS, NOT_MODIFIED, storedAnswer } from '../schemas/responses.js'
import { VaultAddressParamsSchema, VaultApyHistorySchema } from '../schemas/yield.js'
import type { SerializedAnswers } from '../answers/serializedAnswers.js'

const DAY_MS = 86_400_000

/** TVL, APR and vault APY over time, from the store (beyond the interface document). */
export function registerHistoryRoutes(app: App, deps: AppDeps, answers: SerializedAnswers): void {
  // History grows only when a snapshot is taken: one store query per snapshot and query, not per request.
  app.get(
    '/tvl/history',
    {
      schema: {
        tags: ['ecosystem'],
        summary: 'TVL over time per chain, as recorded by the refresher',
        querystring: TvlHistoryQuerySchema,
        // NOT_FOUND: this service keeps no history (no store).
        response: { 200: storedAnswer(TvlHistorySchema), ...NOT_MODIFIED, ...problemResponses('INVALID_REQUEST', 'NOT_FOUND', ...LIMIT_ERRORS) },
      },
    },
    async (request, reply) => {
      return answers.send(request, reply, async () => ({
        body: { points: await tvlHistory(deps, { platform: request.query.platform, ...rangeOf(request.query) }) },
      }))
    },
  )

  app.get(
    '/v2/pools/:poolAddress/apr-history',
    {
      schema: {
        tags: ['pool'],
        summary: "APR over time of a reward pool's staking pools, as recorded by the refresher",
        params: AprHistoryParamsSchema,
        querystring: AprHistoryQuerySchema,
        response: {
          200: storedAnswer(AprHistorySchema),
          ...NOT_MODIFIED,
          ...problemResponses('INVALID_REQUEST', 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'POOL_NOT_FOUND', 'NOT_FOUND', ...LIMIT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const query = { pool: addressOf(request.params.poolAddress), ...rangeOf(request.query) }
      return answers.send(request, reply, async (ctx) => ({
        body: { points: (await aprHistory(onChain(ctx, request.query.chain), query)).map(({ pool: _pool, ...point }) => point) },
      }))
    },
  )
  app.get(
    '/v2/pools/apr-history',
    {
      schema: {
        tags: ['pool'],
        summary: 'APR over time of every staking pool of every reward pool of a chain, as recorded by the refresher (one request for a list)',
        querystring: AprHistoryQuerySchema,
        response: {
          200: storedAnswer(ChainAprHistorySchema),
          ...NOT_MODIFIED,
          ...problemResponses('INVALID_REQUEST', 'UNSUPPORTED_CHAIN', 'NOT_FOUND', ...LIMIT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      return answers.send(request, reply, async (ctx) => ({ body: { points: await aprHistory(onChain(ctx, request.query.chain), rangeOf(request.query)) } }))
    },
  )
  registerVaultApyHistory(app, answers)
}

/** GET /vaults/{address}/apy-history: like the pool APR history, for a vault's price per share and APY. */
function registerVaultApyHistory(app: App, answers: SerializedAnswers): void {
  app.get(
    '/vaults/:address/apy-history',
    {
      schema: {
        tags: ['yield'],
        summary: "A vault's price per share over time, each point with the 1-day APY that led to it, as recorded by the refresher",
        params: VaultAddressParamsSchema,
        querystring: AprHistoryQuerySchema,
        response: {
          200: storedAnswer(VaultApyHistorySchema),
          ...NOT_MODIFIED,
          ...problemResponses('INVALID_REQUEST', 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'VAULT_NOT_FOUND', 'NOT_FOUND', ...LIMIT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const vault = addressOf(request.params.address)
      return answers.send(request, reply, async (ctx) => ({
        body: {
          points: (await vaultApyHistory(onChain(ctx, request.query.chain), { vault, ...rangeOf(request.query) })).map((point) => ({
            blockNumber: point.blockNumber.toString(),
            takenAt: new Date(point.takenAt).toISOString(),
            timestamp: point.blockTime,
            pricePerShare: point.pricePerShare.toString(),
            apy: point.apy,
          })),
        },
      }))
    },
  )
}

function rangeOf<I extends string>(query: {
  from?: string | undefined
  to?: string | undefined
  interval?: I | undefined
}): {
  from: number
  to: number
  interval: I | undefined
} {
  // Points are in chain time, which a chain whose clock runs ahead of the server's may put after now.
  const to = query.to === undefined ? Number.MAX_SAFE_INTEGER : parseTimestamp(query.to)!
  // A bucketed series runs from the first point; the raw points from 24 h back.
  const from = query.from !== undefined ? parseTimestamp(query.from)! : query.interval !== undefined ? 0 : (query.to === undefined ? Date.now() : to) - DAY_MS
  return { from, to, interval: query.interval }
}
