import { MinBlockHeadersSchema } from '../schemas/minBlock.js'
import { eventIndexOf } from '../../answer-state/index.js'
import { chainPnl, chainPnlHistory, pnlTotals, type Figure, type PnlTotals } from '../../users/index.js'
import type { App, AppDeps } from '../deps.js'
import { addressOf, chainWindowOf } from '../request/input.js'
import { contextOf } from '../request/requestContext.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlocksAnswer, READ_ERRORS } from '../schemas/responses.js'
import { UserParamsSchema, UserPnlHistoryQuerySchema, UserPnlHistorySchema, UserPnlQuerySchema, UserPnlSchema } from '../schemas/users.js'
import { blockHeaders } from '../answers/freshnessHeaders.js'
import { perChain } from './perChain.js'

/** GET /users/{address}/pnl and /pnl/history: what a user made, now and over time. */
export function registerUserPnlRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/users/:address/pnl',
    {
      config: { minBlock: 'index' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['users'],
        summary:
          "What a user made, in dollars: each vault and staking-pool position's cost basis, realized and unrealized gains, the vault's yield, fees paid and rewards, by average cost from the event index",
        params: UserParamsSchema,
        querystring: UserPnlQuerySchema,
        response: { 200: atBlocksAnswer(UserPnlSchema), ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      eventIndexOf(deps)
      const user = addressOf(request.params.address)
      const ctx = contextOf(deps, reply)
      const { done, failed } = await perChain(ctx, request.query.chain, (on) => chainPnl(on, { user }))
      reply.headers(
        blockHeaders({
          blocks: Object.fromEntries(done.map((pnl) => [pnl.chainId, pnl.blockNumber])),
          takenAt: Date.now(),
          multiChain: request.query.chain === undefined,
        }),
      )
      const positions = done.flatMap((pnl) => pnl.positions)
      return {
        chains: done.map((pnl) => ({
          chainId: pnl.chainId,
          blockNumber: pnl.blockNumber.toString(),
          pricesBlock: pnl.pricesBlock.toString(),
          totals: pnl.totals,
        })),
        positions: positions.map(({ holding, costBasis, realized, unrealized, yield: gained, feesPaid, rewardsClaimed, pendingRewards, ...position }) => ({
          ...position,
          holding: figureOf(holding),
          costBasis: figureOf(costBasis),
          realized: figureOf(realized),
          unrealized: figureOf(unrealized),
          ...(gained && { yield: figureOf(gained) }),
          ...(feesPaid && { feesPaid: figureOf(feesPaid) }),
          ...(rewardsClaimed && { rewardsClaimed: rewardsClaimed.map((reward) => ({ ...reward, amount: reward.amount.toString() })) }),
          ...(pendingRewards && { pendingRewards: pendingRewards.map((reward) => ({ ...reward, amount: reward.amount.toString() })) }),
        })),
        totals: failed.length > 0 ? nullTotals() : pnlTotals(positions),
        ...(failed.length > 0 && { notes: failed.map((chain) => `${chain}; its positions are missing, so the totals are null`) }),
      }
    },
  )

  app.get(
    '/users/:address/pnl/history',
    {
      config: { minBlock: 'index' },
      schema: {
        headers: MinBlockHeadersSchema,
        tags: ['users'],
        summary: "A user's worth, cost basis and PnL over time: one point per hour, day or week from their first action, valued at each point's own block",
        params: UserParamsSchema,
        querystring: UserPnlHistoryQuerySchema,
        response: { 200: UserPnlHistorySchema, ...problemResponses('NOT_READY', ...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      eventIndexOf(deps)
      const user = addressOf(request.params.address)
      const interval = request.query.interval ?? '1d'
      const window = chainWindowOf(request.query)
      const ctx = contextOf(deps, reply)
      const { done, failed } = await perChain(ctx, request.query.chain, (on) => chainPnlHistory(on, { user, ...window, interval }))
      const points = done.flatMap((series) => series.points).sort((a, b) => a.timestamp - b.timestamp || a.chainId - b.chainId)
      const notes = [...done.flatMap((series) => series.notes), ...failed.map((chain) => `${chain}; its points are missing`)]
      return {
        interval,
        points: points.map((point) => ({ ...point, blockNumber: point.blockNumber.toString() })),
        ...(notes.length > 0 && { notes }),
      }
    },
  )
}

function figureOf(figure: Figure): { amount: string | null; usd: number | null } {
  return { amount: figure.amount?.toString() ?? null, usd: figure.usd }
}

function nullTotals(): PnlTotals {
  return { costBasisUsd: null, realizedUsd: null, unrealizedUsd: null, feesPaidUsd: null, rewardsClaimedUsd: null, pendingRewardsUsd: null, pnlUsd: null }
}
