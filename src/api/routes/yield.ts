import type { ErrorCode } from '../../errors/index.js'
import { toChainId, TxDescriptorSchema, ZapOutTxDescriptorSchema, ZapTxDescriptorSchema } from '../../schema/index.js'
import { buildDepositTx, buildHarvestTx, buildWithdrawTx, buildZapInTx, buildZapOutTx, readPendingFees, readUserDeposited } from '../../yield/index.js'
import type { App, AppDeps } from '../deps.js'
import { contextOf } from '../requestContext.js'
import { addressOf, withdrawAmountOf } from '../input.js'
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
const txResponses = (...codes: ErrorCode[]) => ({ 200: atBlockAnswer(TxDescriptorSchema), ...problemResponses(...YIELD_ERRORS, ...codes) })
const tags = ['yield']

/** Y1–Y9: yield vault transaction descriptors and reads. */
export function registerYieldRoutes(app: App, deps: AppDeps): void {
  app.post(
    '/yield/:contractAddress/tx/deposit',
    {
      schema: {
        tags,
        summary: 'Y1 — deposit want into a vault',
        params: VaultParamsSchema,
        body: DepositBodySchema,
        response: txResponses('INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS'),
      },
    },
    async (request, reply) => {
      const { user, amount, chainId } = request.body
      const result = await buildDepositTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        amount: BigInt(amount),
        chainId: toChainId(chainId),
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  app.post(
    '/yield/:contractAddress/tx/deposit-all',
    {
      schema: {
        tags,
        summary: "Y2 — deposit the user's whole want balance",
        params: VaultParamsSchema,
        body: UserBodySchema,
        response: txResponses('VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED'),
      },
    },
    async (request, reply) => {
      const { user, chainId } = request.body
      const result = await buildDepositTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  for (const [path, summary, native] of [
    ['/yield/:contractAddress/tx/zap-in', 'Y3 — zap a token into a vault whose want is an LP token', false],
    ['/yield/:contractAddress/tx/zap-in-bnb', 'Y4 — zap the native coin (sent as value) into a vault', true],
  ] as const) {
    const response = {
      ...txResponses('INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'ZAP_NOT_FOUND', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS', 'PRICE_DEVIATION', 'PRICE_IMPACT'),
      200: atBlockAnswer(ZapTxDescriptorSchema),
    }
    app.post(path, { schema: { tags, summary, params: VaultParamsSchema, body: ZapInBodySchema, response } }, async (request, reply) => {
      const { user, tokenInAmount, yieldZapAddress, slippage, chainId, tokenIn } = request.body
      const result = await buildZapInTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        tokenInAmount: BigInt(tokenInAmount),
        yieldZapAddress: addressOf(yieldZapAddress),
        slippage,
        chainId: toChainId(chainId),
        ...(tokenIn && { tokenIn: addressOf(tokenIn) }),
        native,
      })
      return atBlock(reply, result.blockNumber, result.tx)
    })
  }

  app.post(
    '/yield/:contractAddress/tx/zap-out',
    {
      schema: {
        tags,
        summary: "Zap out — burn vault shares into one token of the vault's LP pair, or the native coin",
        params: VaultParamsSchema,
        body: ZapOutBodySchema,
        response: {
          ...txResponses('INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'ZAP_NOT_FOUND', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS', 'PRICE_DEVIATION', 'PRICE_IMPACT'),
          200: atBlockAnswer(ZapOutTxDescriptorSchema),
        },
      },
    },
    async (request, reply) => {
      const { user, ibtAmount, tokenOut, yieldZapAddress, slippage, chainId } = request.body
      const result = await buildZapOutTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
        ibtAmount: BigInt(ibtAmount),
        tokenOut: tokenOut === 'native' ? 'native' : addressOf(tokenOut),
        yieldZapAddress: addressOf(yieldZapAddress),
        slippage,
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  app.post(
    '/yield/:contractAddress/tx/withdraw',
    {
      schema: {
        tags,
        summary: 'Y5 — withdraw by underlying (tokenAmount) or by shares (ibtAmount); exactly one',
        params: VaultParamsSchema,
        body: WithdrawBodySchema,
        response: txResponses('INVALID_AMOUNT', 'VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED', 'INSUFFICIENT_FUNDS'),
      },
    },
    async (request, reply) => {
      const { user, chainId } = request.body
      const result = await buildWithdrawTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
        ...withdrawAmountOf(request.body),
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  app.post(
    '/yield/:contractAddress/tx/withdraw-all',
    {
      schema: {
        tags,
        summary: "Y6 — withdraw the user's whole deposit",
        params: VaultParamsSchema,
        body: UserBodySchema,
        response: txResponses('VAULT_NOT_FOUND', 'NOTHING_TO_DO', 'EXECUTION_REVERTED'),
      },
    },
    async (request, reply) => {
      const { user, chainId } = request.body
      const result = await buildWithdrawTx(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
        by: 'all',
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  app.post(
    '/yield/:contractAddress/tx/harvest',
    {
      schema: {
        tags,
        summary: 'Y7 — harvest a strategy (contractAddress is the strategy); the sender earns the call reward',
        params: VaultParamsSchema,
        body: UserBodySchema,
        response: txResponses('STRATEGY_NOT_FOUND', 'EXECUTION_REVERTED'),
      },
    },
    async (request, reply) => {
      const { user, chainId } = request.body
      const result = await buildHarvestTx(contextOf(deps, reply), {
        strategy: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
      })
      return atBlock(reply, result.blockNumber, result.tx)
    },
  )

  app.post(
    '/yield/:contractAddress/call/user-deposited',
    {
      schema: {
        tags,
        summary: "Y8 — the user's deposit in want, and the gas of withdrawing it all",
        params: VaultParamsSchema,
        body: UserBodySchema,
        response: { 200: atBlockAnswer(UserDepositedSchema), ...problemResponses(...YIELD_ERRORS, 'VAULT_NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const { user, chainId } = request.body
      const result = await readUserDeposited(contextOf(deps, reply), {
        vault: addressOf(request.params.contractAddress),
        user: addressOf(user),
        chainId: toChainId(chainId),
      })
      return atBlock(reply, result.blockNumber, {
        data: result.underlying.toString(),
        gas: Number(result.gas),
        shares: result.shares.toString(),
        ...(result.gasNote && { gasNote: result.gasNote }),
      })
    },
  )

  app.post(
    '/yield/:contractAddress/call/pending-fees',
    {
      schema: {
        tags,
        summary: "Y9 — the next harvest's call reward (wrapped native, wei) and its gas; contractAddress is the strategy",
        params: VaultParamsSchema,
        body: PendingFeesBodySchema,
        response: { 200: atBlockAnswer(PendingFeesSchema), ...problemResponses(...YIELD_ERRORS, 'STRATEGY_NOT_FOUND', 'EXECUTION_REVERTED') },
      },
    },
    async (request, reply) => {
      const { chainId, user } = request.body
      const result = await readPendingFees(contextOf(deps, reply), {
        strategy: addressOf(request.params.contractAddress),
        chainId: toChainId(chainId),
        ...(user && { user: addressOf(user) }),
      })
      return atBlock(reply, result.blockNumber, { data: result.callReward.toString(), gas: Number(result.gas) })
    },
  )
}
