import { buildPoolTx, readPoolPosition } from '../../pool/index.js'
import { toChainId, TxDescriptorSchema } from '../../schema/index.js'
import type { App, AppDeps } from '../deps.js'
import { PoolAmountBodySchema, PoolParamsSchema, PoolUserBodySchema, WeiStringSchema } from '../schemas/pool.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlock } from './freshnessHeaders.js'

const tags = ['pool']
const txResponses = { 200: TxDescriptorSchema, ...problemResponses(400, 404, 422, 429, 502, 503) }
const readResponses = { 200: WeiStringSchema, ...problemResponses(400, 404, 429, 502, 503) }

/** P1–P5: staking pool transaction descriptors and reads. */
export function registerPoolRoutes(app: App, deps: AppDeps): void {
  for (const [action, summary] of [
    ['stake', 'P1 — stake staking tokens (approval first when the allowance falls short)'],
    ['unstake', 'P2 — unstake staking tokens (422 inside the unstake delay, with the block it ends)'],
  ] as const) {
    app.post(
      `/pool/:poolAddress/:pid/tx/${action}`,
      { schema: { tags, summary, params: PoolParamsSchema, body: PoolAmountBodySchema, response: txResponses } },
      async (request, reply) => {
        const { user, amount, chainId } = request.body
        const { poolAddress: pool, pid } = request.params
        const result = await buildPoolTx(deps, { action, pool, pid, user, amount: BigInt(amount), chainId: toChainId(chainId) })
        return atBlock(reply, result.blockNumber, result.tx)
      },
    )
  }

  app.post(
    '/pool/:poolAddress/:pid/tx/claim',
    {
      schema: { tags, summary: 'P3 — claim pending rewards (422 before the claim delay, with the block it ends)', params: PoolParamsSchema, body: PoolUserBodySchema, response: txResponses },
    },
    async (request) => {
      const { user, chainId } = request.body
      const { poolAddress: pool, pid } = request.params
      return (await buildPoolTx(deps, { action: 'claim', pool, pid, user, chainId: toChainId(chainId) })).tx
    },
  )

  for (const [read, summary] of [
    ['user-staked', "P4 — the user's staked amount, wei, as a JSON string"],
    ['pending-rewards', "P5 — the user's pending amount of the first reward token, wei, as a JSON string"],
  ] as const) {
    app.post(
      `/pool/:poolAddress/:pid/call/${read}`,
      { schema: { tags, summary, params: PoolParamsSchema, body: PoolUserBodySchema, response: readResponses } },
      async (request, reply) => {
        const { user, chainId } = request.body
        const { poolAddress: pool, pid } = request.params
        const position = await readPoolPosition(deps, { pool, pid, user, chainId: toChainId(chainId) })
        const amount = read === 'user-staked' ? position.staked : (position.pendingRewards[0] ?? 0n)
        // A bare JSON string: Fastify would send a string payload as text/plain.
        return atBlock(reply, position.blockNumber, reply).type('application/json').send(JSON.stringify(amount.toString()))
      },
    )
  }
}
