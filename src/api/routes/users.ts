import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { eventIndexOf } from '../../answer-state/index.js'
import { chainHistory, chainPortfolio, type ChainPositions } from '../../users/index.js'
import type { App, AppDeps } from '../deps.js'
import { addressOf, chainWindowOf } from '../request/input.js'
import { contextOf } from '../request/requestContext.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlocksAnswer, READ_ERRORS } from '../schemas/responses.js'
import { UserHistoryQuerySchema, UserHistorySchema, UserParamsSchema, UserPositionsQuerySchema, UserPositionsSchema } from '../schemas/users.js'
import { blockHeaders } from '../answers/freshnessHeaders.js'
import { perChain } from './perChain.js'

/** GET /users/{address}/positions and /history: what a user holds now, and what they did, on every chain or one. */
export function registerUserRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/users/:address/positions',
    {
      config: { minBlock: deps.index ? 'index' : 'node' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['users'],
        summary: "A user's positions in every registered vault and staking pool (of a chain, or of every chain), read now in one pass per chain",
        params: UserParamsSchema,
        querystring: UserPositionsQuerySchema,
        response: { 200: atBlocksAnswer(UserPositionsSchema), ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) => {
      const user = addressOf(request.params.address)
      const ctx = contextOf(deps, reply)
      const { done, failed } = await perChain(ctx, request.query.chain, (on) => chainPortfolio(on, { user }))
      reply.headers(blockHeaders({ blocks: blocksOf(done), takenAt: Date.now(), multiChain: request.query.chain === undefined }))
      const warnings = [...done.flatMap((positions) => positions.warnings), ...failed.map((chain) => `${chain}; its positions are missing`)]
      return {
        positions: done.flatMap((positions) =>
          positions.positions.map((position) => ({
            chainId: position.chainId,
            kind: position.kind,
            address: position.address,
            ...(position.pid !== undefined && { pid: position.pid }),
            ...(position.shares !== undefined && { shares: position.shares.toString() }),
            token: position.token,
            amount: position.amount.toString(),
            usd: position.usd,
            ...(position.usdNote !== undefined && { usdNote: position.usdNote }),
            ...(position.pendingRewards && {
              pendingRewards: position.pendingRewards.map((reward) => ({ token: reward.token, amount: reward.amount.toString() })),
            }),
            ...(position.deposited !== undefined && { deposited: position.deposited?.toString() ?? null, earned: position.earned?.toString() ?? null }),
            ...(position.depositedNote !== undefined && { depositedNote: position.depositedNote }),
          })),
        ),
        ...(warnings.length > 0 && { warnings }),
      }
    },
  )

  app.get(
    '/users/:address/history',
    {
      config: { minBlock: 'index' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['users'],
        summary:
          "A user's deposits, withdrawals, stakes, unstakes and claims (of a chain, or of every chain), newest first, from the event index, each valued at its own block",
        params: UserParamsSchema,
        querystring: UserHistoryQuerySchema,
        response: { 200: UserHistorySchema, ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      eventIndexOf(deps)
      const user = addressOf(request.params.address)
      const { limit } = request.query
      const window = chainWindowOf(request.query)
      const ctx = contextOf(deps, reply)
      const { done, failed } = await perChain(ctx, request.query.chain, (on) => chainHistory(on, { user, ...window }))
      const entries = done
        .flatMap((history) => history.entries)
        .sort((a, b) => b.timestamp - a.timestamp || (a.block === b.block ? 0 : a.block > b.block ? -1 : 1))
        .slice(0, limit ?? 100)
      const notes = [...done.flatMap((history) => history.notes), ...failed.map((chain) => `${chain}; its actions are missing`)]
      return {
        actions: entries.map((entry) => ({
          chainId: entry.chainId,
          block: entry.block.toString(),
          timestamp: entry.timestamp,
          txHash: entry.txHash,
          action: entry.action,
          contract: entry.contract,
          ...(entry.pid !== undefined && { pid: entry.pid }),
          token: entry.token,
          amount: entry.amount.toString(),
          ...(entry.underlying !== undefined && { underlying: entry.underlying.toString() }),
          ...(entry.shares !== undefined && { shares: entry.shares.toString() }),
          ...(entry.fee !== undefined && { fee: entry.fee.toString() }),
          usd: entry.usd,
          ...(entry.usdNote !== undefined && { usdNote: entry.usdNote }),
        })),
        ...(notes.length > 0 && { notes }),
      }
    },
  )
}

function blocksOf(done: readonly ChainPositions[]): Record<number, bigint> {
  return Object.fromEntries(done.map((positions) => [positions.chainId, positions.blockNumber]))
}
