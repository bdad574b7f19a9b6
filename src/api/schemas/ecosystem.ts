import Type from 'typebox'
import { AddressSchema, AmountSchema, ChainQuerySchema } from '../../schema/index.js'

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
  examples: [{ '0x0eD7e52944161450477ee417DE9Cd3a859b14fD0': { usd: 1234.56 } }],
})

/** U3 */
export const ChainQueryObjectSchema = Type.Object({ chain: ChainQuerySchema }, strict)

export const TokenMetadataMapSchema = Type.Record(
  Type.String(),
  Type.Object({ image: Type.String(), name: Type.String(), symbol: Type.String(), decimals: Type.Integer() }),
  {
    description: 'Keyed by token address (EIP-55); tokens whose metadata cannot be read are left out and listed in the x-omitted-tokens header',
    examples: [{ '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c': { image: 'https://…/wbnb.svg', name: 'Wrapped BNB', symbol: 'WBNB', decimals: 18 } }],
  },
)

/** E1 */
export const TvlQuerySchema = Type.Object(
  { platform: Type.Enum(['all', 'bridge', 'pool', 'yield'], { description: 'all: every part; bridge, pool, yield: that part and total' }) },
  strict,
)

export const TvlSchema = Type.Object(
  {
    bridgeTvl: Type.Optional(Type.Number({ description: 'USD held by the registered bridges (platform all, bridge)' })),
    poolTvl: Type.Optional(Type.Number({ description: 'USD staked in the reward pools (platform all, pool)' })),
    yieldTvl: Type.Optional(Type.Number({ description: 'USD of want held by the vaults (platform all, yield)' })),
    total: Type.Number({ description: 'Sum of the parts returned' }),
    warnings: Type.Array(Type.String(), { description: 'What could not be priced or read, and so is not counted' }),
  },
  { examples: [{ bridgeTvl: 1500000, poolTvl: 820000.5, yieldTvl: 2400000, total: 4720000.5, warnings: [] }] },
)

/** E3 */
export const BridgeListSchema = Type.Array(
  Type.Object({
    ticker: Type.String(),
    symbol: Type.String(),
    name: Type.String(),
    ethBridgeAddress: Type.String({ description: 'Bridge on Ethereum; "" when the ticker has none there' }),
    bscBridgeAddress: Type.String({ description: 'Bridge on BNB Smart Chain; "" when the ticker has none there' }),
    erc20: Type.String(),
    bep20: Type.String(),
    decimals: Type.Integer(),
  }),
  {
    examples: [
      [
        {
          ticker: 'YLD',
          symbol: 'YLD',
          name: 'Yield Token',
          ethBridgeAddress: '0x…',
          bscBridgeAddress: '0x…',
          erc20: '0x…',
          bep20: '0x…',
          decimals: 18,
        },
      ],
    ],
  },
)
