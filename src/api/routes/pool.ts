import { MinBlockHeadersSchema, MinBlockQuerySchema } from '../schemas/minBlock.js'
import { buildPoolTx, readPoolPosition } from '../../pool/index.js'
import { toChainId, TxDescriptorSchema } from '../../schema/index.js'
import type { App, AppDeps } from '../deps.js'
import { onChain } from '../../answer-state/index.js'
import { contextOf } from '../request/requestContext.js'
import { addressOf } from '../request/input.js'
import { PoolAmountBodySchema, PoolParamsSchema, PoolUserBodySchema, WeiStringSchema } from '../schemas/pool.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlockAnswer, BODY_ERRORS, CHAIN_ERRORS, LIMIT_ERRORS } from '../schemas/responses.js'
import { atBlock } from '../answers/freshnessHeaders.js'

const tags = ['pool']
/** What every staking pool operation can fail with; pid and pool are checked against the registry and the chain. */
const POOL_ERRORS = [...BODY_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', 'POOL_NOT_FOUND', ...LIMIT_ERRORS, ...CHAIN_ERRORS] as const
const amountResponses = {
  200: atBlockAnswer(TxDescriptorSchema),
  ...problemResponses(...POOL_ERRORS, 'INVALID_AMOUNT', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS'),
}
const claimResponses = { 200: atBlockAnswer(TxDescriptorSchema), ...problemResponses(...POOL_ERRORS, 'EXECUTION_REVERTED') }
const readResponses = { 200: atBlockAnswer(WeiStringSchema), ...problemResponses(...POOL_ERRORS, 'NOT_READY') }

/** P1–P5: staking pool transaction descriptors and reads. */
export function registerPoolRoutes(app: App, deps: AppDeps): void {
  for (const [action, summary] of [
    ['stake', 'P1 — stake staking tokens (approval first when the allowance falls short)'],
    ['unstake', 'P2 — unstake staking tokens (422 inside the unstake delay, with the block it ends)'],
  ] as const) {
    app.post(
      `/pool/:poolAddress/:pid/tx/${action}`,
      { schema: { tags, summary, params: PoolParamsSchema, body: PoolAmountBodySchema, response: amountResponses } },
      async (request, reply) => {
        const { amount, chainId } = request.body
        const { poolAddress, pid } = request.params
        const [pool, user] = [addressOf(poolAddress), addressOf(request.body.user)]
        const result = await buildPoolTx(onChain(contextOf(deps, reply), toChainId(chainId)), { action, pool, pid, user, amount: BigInt(amount) })
        return atBlock(reply, result.blockNumber, result.tx)
      },
    )
  }

  app.post(
    '/pool/:poolAddress/:pid/tx/claim',
    {
      schema: {
        tags,
        summary: 'P3 — claim pending rewards (422 before the claim delay, with the block it ends)',
        params: PoolParamsSchema,
        body: PoolUserBodySchema,
        response: claimResponses,
      },
    },
    async (request, reply) => {
      const { chainId } = request.body
      const { poolAddress, pid } = request.params
      const [pool, user] = [addressOf(poolAddress), addressOf(request.body.user)]
      const result = await buildPoolTx(onChain(contextOf(deps, reply), toChainId(chainId)), { action: 'claim', pool, pid, user })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  for (const [read, summary] of [
    ['user-staked', "P4 — the user's staked amount, wei, as a JSON string"],
    ['pending-rewards', "P5 — the user's pending amount of the first reward token, wei, as a JSON string"],
  ] as const) {
    app.post(
      `/pool/:poolAddress/:pid/call/${read}`,
      {
        config: { minBlock: 'node' },
        schema: {
          tags,
          summary,
          params: PoolParamsSchema,
          querystring: MinBlockQuerySchema,
          headers: MinBlockHeadersSchema,
          body: PoolUserBodySchema,
          response: readResponses,
        },
      },
      async (request, reply) => {
        const { chainId } = request.body
        const { poolAddress, pid } = request.params
        const [pool, user] = [addressOf(poolAddress), addressOf(request.body.user)]
        const position = await readPoolPosition(onChain(contextOf(deps, reply), toChainId(chainId)), { pool, pid, user })
        const amount = read === 'user-staked' ? position.staked : (position.pendingRewards[0] ?? 0n)
        // A bare JSON string: Fastify would send a string payload as text/plain.
        return atBlock(reply, position.blockNumber, reply).type('application/json').send(JSON.stringify(amount.toString()))
      },
    )
  }
}
