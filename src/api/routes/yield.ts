import { MinBlockHeadersSchema, MinBlockQuerySchema } from '../schemas/minBlock.js'
import { type BlockSource, onChain, type ChainContext } from '../../answer-state/index.js'
import type { Static, TSchema } from 'typebox'
import type { Address } from 'viem'
import type { ErrorCode } from '../../errors/index.js'
import { toChainId, TxDescriptorSchema, ZapOutTxDescriptorSchema, ZapTxDescriptorSchema } from '../../schema/index.js'
import { buildDepositTx, buildHarvestTx, buildWithdrawTx, buildZapInTx, buildZapOutTx, readPendingFees, readUserDeposited } from '../../yield/index.js'
import type { App, AppDeps } from '../deps.js'
import { contextOf } from '../request/requestContext.js'
import { addressOf, withdrawAmountOf } from '../request/input.js'
import { problemResponses } from '../schemas/problem.js'
import { atBlockAnswer, BODY_ERRORS, CHAIN_ERRORS, LIMIT_ERRORS } from '../schemas/responses.js'
import { atBlock } from '../answers/freshnessHeaders.js'
import {
  DepositBodySchema,
  PendingFeesBodySchema,
  PendingFeesSchema,
  UserBodySchema,
  UserDepositedSchema,
  VaultParamsSchema,
  WithdrawBodySchema,
  ZapInBodySchema,
  ZapOutBodySchema,
} from '../schemas/yield.js'

/** What every yield operation can fail with, besides its contract's 404 and its own 422s. */
const YIELD_ERRORS = [...BODY_ERRORS, 'INVALID_ADDRESS', 'UNSUPPORTED_CHAIN', ...LIMIT_ERRORS, ...CHAIN_ERRORS] as const
const ZAP_ERRORS = [
  'INVALID_AMOUNT',
  'VAULT_NOT_FOUND',
  'ZAP_NOT_FOUND',
  'EXECUTION_REVERTED',
  'INSUFFICIENT_FUNDS',
  'PRICE_DEVIATION',
  'PRICE_IMPACT',
] as const

/** The input of every yield route: the path's contract (a vault, or a strategy for Y7 and Y9), and the body (its chain is the context's). */
interface YieldInput<Body extends TSchema> {
  contract: Address
  body: Static<Body>
}

/** One yield route: its path, its body, the errors it adds to YIELD_ERRORS, and how the service builds its answer. */
interface YieldRoute<Body extends TSchema> {
  path: string
  summary: string
  body: Body
  /** The 200 answer's schema: a transaction descriptor unless given. */
  answer?: TSchema
  errors: readonly ErrorCode[]
  /** For a read: where its block comes from, so that it takes `minBlock` (read-your-writes). */
  minBlock?: BlockSource
  build(ctx: ChainContext, input: YieldInput<Body>): Promise<{ answer: unknown; blockNumber: bigint | undefined }>
}

/** A route of the table, its body's type inferred from its schema. */
const route = <Body extends TSchema>(entry: YieldRoute<Body>): YieldRoute<Body> => entry

/** A transaction service's result as a route answers it. */
const txAnswer = ({ tx, blockNumber }: { tx: unknown; blockNumber?: bigint | undefined }) => ({ answer: tx, blockNumber })

/** Y1–Y9 and zap out, one entry each; every one is registered the same way (registerYieldRoutes). */
const YIELD_ROUTES = [
  route({
    path: '/yield/:contractAddress/tx/deposit',
    summary: 'Y1 — deposit want into a vault',
    body: DepositBodySchema,
    errors: ['INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS'],
    build: (ctx, { contract, body }) => buildDepositTx(ctx, { vault: contract, user: addressOf(body.user), amount: BigInt(body.amount) }).then(txAnswer),
  }),
  route({
    path: '/yield/:contractAddress/tx/deposit-all',
    summary: "Y2 — deposit the user's whole want balance",
    body: UserBodySchema,
    errors: ['VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED'],
    build: (ctx, { contract, body }) => buildDepositTx(ctx, { vault: contract, user: addressOf(body.user) }).then(txAnswer),
  }),
  ...(
    [
      ['/yield/:contractAddress/tx/zap-in', 'Y3 — zap a token into a vault whose want is an LP token', false],
      ['/yield/:contractAddress/tx/zap-in-bnb', 'Y4 — zap the native coin (sent as value) into a vault', true],
    ] as const
  ).map(([path, summary, native]) =>
    route({
      path,
      summary,
      body: ZapInBodySchema,
      answer: ZapTxDescriptorSchema,
      errors: ZAP_ERRORS,
      build: (ctx, { contract, body }) =>
        buildZapInTx(ctx, {
          vault: contract,
          user: addressOf(body.user),
          tokenInAmount: BigInt(body.tokenInAmount),
          yieldZapAddress: addressOf(body.yieldZapAddress),
          slippage: body.slippage,
          ...(body.tokenIn && { tokenIn: addressOf(body.tokenIn) }),
          native,
        }).then(txAnswer),
    }),
  ),
  route({
    path: '/yield/:contractAddress/tx/zap-out',
    summary: "Zap out — burn vault shares into one token of the vault's LP pair, or the native coin",
    body: ZapOutBodySchema,
    answer: ZapOutTxDescriptorSchema,
    errors: ZAP_ERRORS,
    build: (ctx, { contract, body }) =>
      buildZapOutTx(ctx, {
        vault: contract,
        user: addressOf(body.user),
        ibtAmount: BigInt(body.ibtAmount),
        tokenOut: body.tokenOut === 'native' ? 'native' : addressOf(body.tokenOut),
        yieldZapAddress: addressOf(body.yieldZapAddress),
        slippage: body.slippage,
      }).then(txAnswer),
  }),
  route({
    path: '/yield/:contractAddress/tx/withdraw',
    summary: 'Y5 — withdraw by underlying (tokenAmount) or by shares (ibtAmount); exactly one',
    body: WithdrawBodySchema,
    errors: ['INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS'],
    build: (ctx, { contract, body }) => buildWithdrawTx(ctx, { vault: contract, user: addressOf(body.user), ...withdrawAmountOf(body) }).then(txAnswer),
  }),
  route({
    path: '/yield/:contractAddress/tx/withdraw-all',
    summary: "Y6 — withdraw the user's whole deposit",
    body: UserBodySchema,
    errors: ['VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED'],
    build: (ctx, { contract, body }) => buildWithdrawTx(ctx, { vault: contract, user: addressOf(body.user), by: 'all' }).then(txAnswer),
  }),
  route({
    path: '/yield/:contractAddress/tx/harvest',
    summary: 'Y7 — harvest a strategy (contractAddress is the strategy); the sender earns the call reward',
    body: UserBodySchema,
    errors: ['STRATEGY_NOT_FOUND', 'EXECUTION_REVERTED'],
    build: (ctx, { contract, body }) => buildHarvestTx(ctx, { strategy: contract, user: addressOf(body.user) }).then(txAnswer),
  }),
  route({
    path: '/yield/:contractAddress/call/user-deposited',
    summary: "Y8 — the user's deposit in want, and the gas of withdrawing it all",
    body: UserBodySchema,
    answer: UserDepositedSchema,
    errors: ['VAULT_NOT_FOUND'],
    minBlock: 'node',
    build: async (ctx, { contract, body }) => {
      const result = await readUserDeposited(ctx, { vault: contract, user: addressOf(body.user) })
      const answer = {
        data: result.underlying.toString(),
        gas: Number(result.gas),
        shares: result.shares.toString(),
        ...(result.gasNote && { gasNote: result.gasNote }),
      }
      return { answer, blockNumber: result.blockNumber }
    },
  }),
  route({
    path: '/yield/:contractAddress/call/pending-fees',
    summary: "Y9 — the next harvest's call reward (wrapped native, wei) and its gas; contractAddress is the strategy",
    body: PendingFeesBodySchema,
    answer: PendingFeesSchema,
    errors: ['STRATEGY_NOT_FOUND', 'EXECUTION_REVERTED'],
    build: async (ctx, { contract, body }) => {
      const result = await readPendingFees(ctx, { strategy: contract, ...(body.user && { user: addressOf(body.user) }) })
      return { answer: { data: result.callReward.toString(), gas: Number(result.gas) }, blockNumber: result.blockNumber }
    },
  }),
]

/** Y1–Y9 and zap out: yield vault transaction descriptors and reads, each answered at its block (x-block-number). */
export function registerYieldRoutes(app: App, deps: AppDeps): void {
  for (const entry of YIELD_ROUTES) registerYieldRoute(app, deps, entry as YieldRoute<TSchema>)
}

function registerYieldRoute(app: App, deps: AppDeps, entry: YieldRoute<TSchema>): void {
  const response = {
    200: atBlockAnswer(entry.answer ?? TxDescriptorSchema),
    ...problemResponses(...YIELD_ERRORS, ...entry.errors, ...(entry.minBlock ? (['NOT_READY'] as const) : [])),
  }
  app.post(
    entry.path,
    {
      ...(entry.minBlock && { config: { minBlock: entry.minBlock } }),
      schema: {
        tags: ['yield'],
        summary: entry.summary,
        params: VaultParamsSchema,
        ...(entry.minBlock && { querystring: MinBlockQuerySchema, headers: MinBlockHeadersSchema }),
        body: entry.body,
        response,
      },
    },
    async (request, reply) => {
      const body = request.body as Static<TSchema> & { chainId: number | string }
      const ctx = onChain(contextOf(deps, reply), toChainId(body.chainId))
      const { answer, blockNumber } = await entry.build(ctx, { contract: addressOf(request.params.contractAddress), body })
      return atBlock(reply, blockNumber, answer)
    },
  )
}
