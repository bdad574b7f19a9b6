import { MinBlockQuery } from './minBlock.js'
import Type from 'typebox'
import {
  AddressSchema,
  AmountSchema,
  BridgeSchema,
  ChainQuerySchema,
  DigitsSchema,
  RewardPoolSchema,
  TokenMetadataSchema,
  TokenPriceSchema,
} from '../../schema/index.js'

/*
 * Query and answer schemas of the aggregate reads. Their examples are per operation, from the
 * devnet when it runs (api/openapi/operationExamples.ts).
 */

const strict = { additionalProperties: false } as const

/** U2 */
export const LpQuerySchema = Type.Object(
  {
    lptoken: AddressSchema,
    amount: AmountSchema,
    chain: Type.Optional(ChainQuerySchema),
  },
  strict,
)

export const LpValueSchema = Type.Record(Type.String(), Type.Object({ usd: Type.Number({ description: 'USD value of the amount' }) }), {
  description: 'Keyed by the LP token address (EIP-55)',
})

/** U3 */
export const ChainQueryObjectSchema = Type.Object({ chain: ChainQuerySchema, ...MinBlockQuery }, strict)

export const TokenMetadataMapSchema = Type.Record(Type.String(), TokenMetadataSchema, {
  description: 'Keyed by token address (EIP-55); tokens whose metadata cannot be read are left out and listed in the x-omitted-tokens header',
})

/** Added: every registered token and LP pair of a chain with its price. */
export const PriceMapSchema = Type.Record(Type.String(), TokenPriceSchema, {
  description:
    'Keyed by token or LP pair address (EIP-55): USD price, where it comes from, and its flags; a token without a price is listed with usd null and priceNote',
})

/** E1 */
export const TvlQuerySchema = Type.Object(
  { platform: Type.Enum(['all', 'bridge', 'pool', 'yield'], { description: 'all: every part; bridge, pool, yield: that part and total' }) },
  strict,
)

export const TvlSchema = Type.Object({
  bridgeTvl: Type.Optional(Type.Number({ description: 'USD held by the registered bridges (platform all, bridge)' })),
  poolTvl: Type.Optional(Type.Number({ description: 'USD staked in the reward pools (platform all, pool)' })),
  yieldTvl: Type.Optional(Type.Number({ description: 'USD of want held by the vaults (platform all, yield)' })),
  total: Type.Number({ description: 'Sum of the parts returned' }),
  warnings: Type.Array(Type.String(), { description: 'What could not be priced or read, and so is not counted' }),
})

/** E3 */
export const BridgeListSchema = Type.Array(BridgeSchema, { description: 'One entry per bridged ticker, pairing its Ethereum and BNB Smart Chain sides' })

/** E2 */
export const PoolListQuerySchema = Type.Object(
  {
    chain: Type.Integer({
      ...ChainQuerySchema,
      description:
        "Chain id (1, 56, 43114); one of the configured chains. The interface document types E2's chain as a string: in a query string both are the same text",
    }),
    ...MinBlockQuery,
  },
  strict,
)
export const PoolListSchema = Type.Array(RewardPoolSchema, {
  description:
    'Every reward pool registered on the chain; pools that do not answer are left out and listed in x-omitted-pools; an ended pool whose completedAPR cannot be given has {} and completedAPRNote',
})

/** P6 */
export const PoolTvlParamsSchema = Type.Object({ poolAddress: AddressSchema }, strict)
export const PoolTvlSchema = Type.Object(
  {
    total: Type.Number({ description: 'USD value locked in the reward pool' }),
    warnings: Type.Array(Type.String(), { description: 'Staking tokens that could not be priced (left out of total and of the entries)' }),
  },
  {
    additionalProperties: Type.Number({ description: 'USD value locked per staking token, keyed by its address' }),
  },
)

/** P7 */
export const TokenParamsSchema = Type.Object({ address: AddressSchema }, strict)
export const OptionalChainQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...MinBlockQuery }, strict)
export const TotalStakedSchema = Type.Object({
  totalStaked: Type.String({
    ...DigitsSchema,
    description: 'Wei staked over every registered pool that could be read (of the chain, or of every configured chain)',
  }),
  warnings: Type.Array(Type.String(), {
    description: 'Pools (or chains) that could not be read, so what they stake is not counted; 502 when nothing staking the token could be read',
  }),
})
