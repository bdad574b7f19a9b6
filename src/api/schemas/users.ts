import Type from 'typebox'
import { AddressSchema, ChainQuerySchema, DigitsSchema } from '../../schema/index.js'
import { chainTimeWindow } from './history.js'
import { MinBlockQuery } from './minBlock.js'

const strict = { additionalProperties: false } as const
const wei = (description: string) => Type.String({ ...DigitsSchema, description })

export const UserParamsSchema = Type.Object({ address: AddressSchema }, strict)
export const UserPositionsQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...MinBlockQuery }, strict)

export const UserPositionsSchema = Type.Object({
  positions: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      kind: Type.Enum(['vault', 'pool']),
      address: AddressSchema,
      pid: Type.Optional(Type.Integer({ description: 'The staking pool (pools)' })),
      shares: Type.Optional(wei("The vault's shares the user holds (vaults)")),
      token: AddressSchema,
      amount: wei("In `token`: the shares' worth in want for a vault (ERC-4626: convertToAssets), the stake for a pool"),
      usd: Type.Union([Type.Number(), Type.Null()], { description: "USD value of amount at the latest snapshot's prices; null with usdNote when it has none" }),
      usdNote: Type.Optional(Type.String()),
      pendingRewards: Type.Optional(
        Type.Array(Type.Object({ token: AddressSchema, amount: wei('Pending, wei') }), { description: 'Each reward token (pools)' }),
      ),
      deposited: Type.Optional(
        Type.Union([Type.String({ pattern: '^-?[0-9]+$' }), Type.Null()], {
          description:
            'Vaults: want the user put in less what they took out (deposits, withdrawals, shares received or sent at their worth then), want wei, from the event index; null with depositedNote when it cannot say',
        }),
      ),
      earned: Type.Optional(Type.Union([Type.String({ pattern: '^-?[0-9]+$' }), Type.Null()], { description: 'Vaults: amount − deposited, want wei' })),
      depositedNote: Type.Optional(Type.String()),
    }),
    { description: 'Every vault and staking pool the user holds something in, chain by chain; none where the user holds nothing' },
  ),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'Contracts or chains that did not answer: their positions are missing, not zero' })),
})

export const UserHistoryQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...chainTimeWindow('action'), ...MinBlockQuery }, strict)

export const UserHistorySchema = Type.Object({
  actions: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      block: wei('The block of the action'),
      timestamp: Type.Integer({ description: "The block's timestamp, seconds since the epoch" }),
      txHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
      action: Type.Enum(['deposit', 'withdraw', 'transfer-in', 'transfer-out', 'stake', 'unstake', 'claim']),
      contract: AddressSchema,
      pid: Type.Optional(Type.Integer({ description: 'The staking pool (pools)' })),
      token: AddressSchema,
      amount: wei(
        "In `token`: the vault's want (deposit, withdraw), its shares (transfer-in, transfer-out), the staking token (stake, unstake), the reward token (claim)",
      ),
      underlying: Type.Optional(wei("Vault actions: the amount's worth in want at that block")),
      usd: Type.Union([Type.Number(), Type.Null()], {
        description: "USD value at the prices of the action's own block; null with usdNote when there are none",
      }),
      usdNote: Type.Optional(Type.String()),
    }),
    { description: 'Newest first' },
  ),
  notes: Type.Optional(
    Type.Array(Type.String(), { description: 'What the list may miss (the index has not reached the latest block yet), or chains that did not answer' }),
  ),
})
