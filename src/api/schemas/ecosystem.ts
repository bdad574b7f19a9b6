import Type from 'typebox'
import { AddressSchema, AmountSchema, BridgeSchema, ChainQuerySchema, RewardPoolSchema, TokenMetadataSchema } from '../../schema/index.js'

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
  TokenMetadataSchema,
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
export const BridgeListSchema = Type.Array(BridgeSchema, {
  examples: [
    [
      {
        ticker: 'YLD',
        symbol: 'YLD',
        name: 'Yield Token',
        ethBridgeAddress: '0xCace1b78160AE76398F486c8a18044da0d66d86D',
        bscBridgeAddress: '0xefc1aB2475ACb7E60499Efb171D173be19928a05',
        erc20: '0x8A791620dd6260079BF849Dc5567aDC3F2FdC318',
        bep20: '0x922D6956C99E12DFeB3224DEA977D0939758A1Fe',
        decimals: 18,
      },
    ],
  ],
})

/** E2 */
export const PoolListQuerySchema = Type.Object({ chain: ChainQuerySchema }, strict)
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
    examples: [{ total: 125000.5, '0x922D6956C99E12DFeB3224DEA977D0939758A1Fe': 25000.25, '0x856057a6E96E2f17641E612f7a142F60837E4adD': 100000.25, warnings: [] }],
  },
)

/** P7 */
export const TokenParamsSchema = Type.Object({ address: AddressSchema }, strict)
export const OptionalChainQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema) }, strict)
export const TotalStakedSchema = Type.Object(
  {
    totalStaked: Type.String({ pattern: '^[0-9]+$', description: 'Wei staked over every registered pool that could be read (of the chain, or of every configured chain)' }),
    warnings: Type.Array(Type.String(), {
      description: 'Pools (or chains) that could not be read, so what they stake is not counted; 502 when nothing staking the token could be read',
    }),
  },
  { examples: [{ totalStaked: '25000000000000000000000', warnings: [] }] },
)
