import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainIdSchema, DigitsSchema } from '../../schema/index.js'

/*
 * Request and answer schemas of P1–P5. Their examples are per operation, from the devnet when it
 * runs (api/openapi/operationExamples.ts), so each names a pool and pid that exist.
 */

const strict = { additionalProperties: false } as const

export const PoolParamsSchema = Type.Object(
  {
    poolAddress: AddressSchema,
    pid: Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description: 'Monotonic id of the staking pool inside the reward pool',
      'x-rule': 'must be a non-negative integer',
    }),
  },
  strict,
)

/** P1, P2 */
export const PoolAmountBodySchema = Type.Object({ user: AddressSchema, amount: AmountSchema, chainId: ChainIdSchema }, strict)

/** P3, P4, P5 */
export const PoolUserBodySchema = Type.Object({ user: AddressSchema, chainId: ChainIdSchema }, strict)

/** P4, P5: a JSON string of wei. */
export const WeiStringSchema = Type.String({ ...DigitsSchema, description: 'Amount in wei, as a JSON string' })
