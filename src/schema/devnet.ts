import Type, { type Static } from 'typebox'
import type { Address, Hex } from 'viem'
import { ChecksummedAddressSchema } from './common.js'

/** An address of the manifest; typed as viem's Address, so deploy code and tests need no casts. */
const address = (description?: string) => Type.Unsafe<Address>(Type.String({ ...ChecksummedAddressSchema, ...(description && { description }) }))
const strict = { additionalProperties: false } as const

const DevAccountSchema = Type.Object(
  {
    address: address(),
    privateKey: Type.Unsafe<Hex>(Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: "anvil's well-known dev key: never use it on a real chain" })),
  },
  strict,
)

/** What the devnet deployed on one chain. Extends the format of CONTRACTS.md additively. */
export const DevnetChainManifestSchema = Type.Object(
  {
    chainId: Type.Integer(),
    rpcUrl: Type.String({ description: "The chain's anvil node" }),
    accounts: Type.Array(DevAccountSchema, {
      description:
        "Dev accounts (anvil's default mnemonic, first 10), each funded with every token and LP token; the first deployed everything and holds a deposit in every vault and a stake in every staking pool; the second has no allowance yet, the one to try builds with",
    }),
    tokens: Type.Record(Type.String(), address(), { description: 'Every ERC-20 by symbol, wrapped native and stables included, LP tokens excluded' }),
    wrappedNative: address(),
    multicall3: address(),
    uniswap: Type.Object({ factory: address(), router: address() }, strict),
    feeds: Type.Array(
      Type.Object({ address: address(), token: address(), decimals: Type.Integer(), heartbeat: Type.Integer({ description: 'Seconds' }) }, strict),
      { description: 'Chainlink-style feeds in USD' },
    ),
    pairs: Type.Array(Type.Object({ address: address(), token0: address(), token1: address() }, strict)),
    vaults: Type.Array(
      Type.Object(
        {
          address: address(),
          kind: Type.Union([Type.Literal('beefy'), Type.Literal('erc4626')]),
          want: address(),
          strategy: Type.Optional(address()),
          zap: Type.Optional(address()),
          zapTokenIn: Type.Optional(address()),
          performanceFee: Type.Optional(
            Type.Number({
              description:
                "The performance fee its strategy charges of each harvest's earnings (0.045 = 4.5 %), where the strategy fixes it in its harvest and exposes no reading of it (Beefy's 2021 FeeManager shape): the devnet registry states it for the vault",
            }),
          ),
        },
        strict,
      ),
    ),
    rewardPools: Type.Array(
      Type.Object(
        {
          address: address(),
          pids: Type.Array(Type.Integer()),
          rewardVault: address(),
          rewardTokens: Type.Array(address()),
          stakingTokens: Type.Array(address(), { description: 'By pid' }),
        },
        strict,
      ),
    ),
    lpTokens: Type.Array(address(), { description: 'The pair addresses' }),
    bridges: Type.Array(address()),
    bridgeTokens: Type.Array(Type.Object({ bridge: address(), token: address(), ticker: Type.String() }, strict)),
    rewardPoolFamilies: Type.Object(
      {
        pools: Type.Array(
          Type.Object(
            {
              kind: Type.Union([Type.Literal('masterchef'), Type.Literal('staking-rewards'), Type.Literal('multi-rewards')], {
                description: "The registry's reward pool kind: SushiSwap MasterChef v1, Synthetix StakingRewards, Curve-style MultiRewards",
              }),
              address: address(),
              pids: Type.Array(Type.Integer(), { description: 'StakingRewards and MultiRewards have one staking pool: pid 0' }),
              rewardTokens: Type.Array(address()),
              stakingTokens: Type.Array(address(), { description: 'By pid' }),
            },
            strict,
          ),
        ),
        tokens: Type.Record(Type.String(), address(), {
          description: "Tokens only these pools brought, by symbol (the chef's SUSHI); dev accounts hold none, so they are not in `tokens`",
        }),
        pairs: Type.Array(Type.Object({ address: address(), token0: address(), token1: address() }, strict), {
          description: 'Uniswap V2 pairs that price those tokens against the wrapped native; not in `pairs` or `lpTokens` either',
        }),
      },
      {
        ...strict,
        description:
          'Reward pools of the public contract families, one of each, staked by the first dev account with rewards running; in the devnet registry under their `kind`. Apart from `rewardPools`, which lists the reference contracts',
      },
    ),
  },
  strict,
)

/** The whole devnet, keyed by chain id as a string (JSON object keys): `GET /devnet`. */
export const DevnetManifestSchema = Type.Object({ chains: Type.Record(Type.String({ pattern: '^[0-9]+$' }), DevnetChainManifestSchema) }, strict)

export type DevnetChainManifest = Static<typeof DevnetChainManifestSchema>
export type DevnetManifest = Static<typeof DevnetManifestSchema>

/**
 * The dev account to try builds with, the one the ready banner, the page's playground and the
 * client's README name: funded with every token like the others, and given no allowance by the
 * deployment (account 0 deployed everything) or the past (account 2's).
 */
export const DEVNET_TRY_ACCOUNT = 1
