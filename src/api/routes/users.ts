import { chainFor } from '../../context.js'
import type { AppError } from '../../errors/index.js'
import { chainPositions, type ChainPositions } from '../../users/index.js'
import type { App, AppDeps } from '../deps.js'
import { addressOf } from '../input.js'
import { contextOf } from '../requestContext.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlocksAnswer, READ_ERRORS } from '../schemas/responses.js'
import { UserParamsSchema, UserPositionsQuerySchema, UserPositionsSchema } from '../schemas/users.js'
import { blockHeaders } from './freshnessHeaders.js'

/** GET /users/{address}/positions: what a user holds in every vault and staking pool, read now. */
export function registerUserRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/users/:address/positions',
    {
      schema: {
        tags: ['users'],
        summary: "A user's positions in every registered vault and staking pool (of a chain, or of every chain), read now in one pass per chain",
        params: UserParamsSchema,
        querystring: UserPositionsQuerySchema,
        response: { 200: atBlocksAnswer(UserPositionsSchema), ...problemResponses(...READ_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN') },
      },
    },
    async (request, reply) => {
      const user = addressOf(request.params.address)
      const ctx = contextOf(deps, reply)
      const { chain } = request.query
      const chainIds = chain === undefined ? [...deps.chains.keys()] : [chainFor(ctx, chain).chain.chainId]
      const read = await Promise.allSettled(chainIds.map((chainId) => chainPositions(ctx, chainId, user)))
      // One chain asked for: its failure is the answer. Several: the others still answer, the failed one is named.
      if (chain !== undefined && read[0]!.status === 'rejected') throw read[0]!.reason
      const done = read.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      const warnings = read.flatMap((result, index) =>
        result.status === 'fulfilled'
          ? result.value.warnings
          : [`chain ${chainIds[index]}: ${(result.reason as AppError).message ?? 'the nodes did not answer'}; its positions are missing`],
      )
      reply.headers(blockHeaders({ blocks: blocksOf(done), takenAt: Date.now(), multiChain: chain === undefined }))
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
          })),
        ),
        ...(warnings.length > 0 && { warnings }),
      }
    },
  )
}

function blocksOf(done: readonly ChainPositions[]): Record<number, bigint> {
  return Object.fromEntries(done.map((positions) => [positions.chainId, positions.blockNumber]))
}
