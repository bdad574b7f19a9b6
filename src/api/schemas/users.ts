import Type from 'typebox'
import { AddressSchema, ChainQuerySchema, DigitsSchema } from '../../schema/index.js'

const strict = { additionalProperties: false } as const
const wei = (description: string) => Type.String({ ...DigitsSchema, description })

export const UserParamsSchema = Type.Object({ address: AddressSchema }, strict)
export const UserPositionsQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema) }, strict)

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
    }),
    { description: 'Every vault and staking pool the user holds something in, chain by chain; none where the user holds nothing' },
  ),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'Contracts or chains that did not answer: their positions are missing, not zero' })),
})
