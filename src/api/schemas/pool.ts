import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainIdSchema } from '../../schema/index.js'

const strict = { additionalProperties: false } as const
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export const PoolParamsSchema = Type.Object(
  {
    poolAddress: AddressSchema,
    pid: Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Monotonic id of the staking pool', 'x-rule': 'must be a non-negative integer' }),
  },
  strict,
)

/** P1, P2 */
export const PoolAmountBodySchema = Type.Object(
  { user: AddressSchema, amount: AmountSchema, chainId: ChainIdSchema },
  { ...strict, examples: [{ user: USER, amount: '1000000000000000000', chainId: 56 }] },
)

/** P3, P4, P5 */
export const PoolUserBodySchema = Type.Object({ user: AddressSchema, chainId: ChainIdSchema }, { ...strict, examples: [{ user: USER, chainId: 56 }] })

/** P4, P5: a JSON string of wei. */
export const WeiStringSchema = Type.String({ pattern: '^[0-9]+$', description: 'Amount in wei, as a JSON string', examples: ['1500000000000000000'] })
