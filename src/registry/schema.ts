import Type, { type Static } from 'typebox'
import { AddressSchema } from '../schema/index.js'

const strict = { additionalProperties: false } as const

/** How a token gets its USD price: a Chainlink-style feed, or a V2 pair against a priced token. */
const PriceRouteSchema = Type.Union([Type.Object({ feed: AddressSchema }, strict), Type.Object({ pair: AddressSchema }, strict)], {
  'x-rule': 'must be { "feed": <registered feed address> } or { "pair": <registered pair address> }',
})

const TokenSchema = Type.Object(
  {
    address: AddressSchema,
    name: Type.Optional(Type.String({ minLength: 1 })),
    symbol: Type.Optional(Type.String({ minLength: 1 })),
    decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
    image: Type.Optional(Type.String()),
    price: Type.Optional(PriceRouteSchema),
    /** A second route, priced only to check the first: when the two differ by more than the allowed deviation, the price is flagged. */
    priceCheck: Type.Optional(PriceRouteSchema),
  },
  strict,
)

const PriceFeedSchema = Type.Object(
  {
    address: AddressSchema,
    /** The token whose USD price the feed answers. */
    token: AddressSchema,
    /** A round older than this many seconds is stale and not used. */
    heartbeatSeconds: Type.Integer({ minimum: 1 }),
  },
  strict,
)

const LpPairSchema = Type.Object({ address: AddressSchema, token0: AddressSchema, token1: AddressSchema }, strict)

/** A block number: where the event index starts reading a contract's events. */
const FromBlockSchema = Type.Integer({ minimum: 0 })

const ZapSchema = Type.Object(
  {
    address: AddressSchema,
    /** The input token of `zap-in` when the request names none. */
    defaultTokenIn: AddressSchema,
  },
  strict,
)

const VaultSchema = Type.Object(
  {
    address: AddressSchema,
    kind: Type.Enum(['beefy', 'erc4626']),
    name: Type.Optional(Type.String({ minLength: 1 })),
    /** The underlying token (Beefy `want()`, ERC-4626 `asset()`). */
    want: AddressSchema,
    strategy: Type.Optional(AddressSchema),
    zaps: Type.Optional(Type.Array(ZapSchema)),
    /** The block the vault (and its strategy) was deployed in: the event index starts there. Found from the node when left out. */
    fromBlock: Type.Optional(FromBlockSchema),
    /** Retired by its team (as Beefy retires vaults): listed with status `retired`, closed to deposits and zaps in, open to withdrawals. */
    retired: Type.Optional(Type.Boolean()),
    /**
     * The performance fee of each harvest's earnings, a fraction (0.045 = 4.5 %), for a strategy
     * that fixes it inside its harvest and exposes no reading of it (Beefy's 2021 FeeManager,
     * whose `chargeFees` takes 45/1000). A fee the strategy reports (`getAllFees()`, `getFees()`,
     * `totalFee()`) is read from it instead.
     */
    performanceFee: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    /**
     * Whether the vault can change its totals without logging anything (assets accruing by the
     * block): it is then read at every block, not only when a block's logs name it. Default: its
     * family's (true for erc4626, false for beefy).
     */
    changesWithoutEvents: Type.Optional(Type.Boolean()),
  },
  strict,
)

const LinkSchema = Type.Object({ label: Type.String(), url: Type.String() }, strict)

/** A name of a view function a MasterChef fork renamed (`pendingCake`, `cake`, `cakePerBlock`, ...). */
const FunctionNameSchema = Type.String({ pattern: '^[A-Za-z_$][A-Za-z0-9_$]*$' })

/**
 * A reward pool and the off-chain metadata of the V2 pool list (the same keys for every family).
 * `kind` chooses the contract family (`reference` when absent); the function names are for
 * MasterChef forks that renamed SushiSwap's (`pendingSushi`, `sushi`, `sushiPerBlock`).
 */
const RewardPoolEntrySchema = Type.Object(
  {
    address: AddressSchema,
    kind: Type.Optional(Type.Enum(['reference', 'masterchef', 'staking-rewards', 'multi-rewards'])),
    pendingFunction: Type.Optional(FunctionNameSchema),
    rewardTokenFunction: Type.Optional(FunctionNameSchema),
    rewardPerBlockFunction: Type.Optional(FunctionNameSchema),
    name: Type.String(),
    subtitle: Type.String(),
    description: Type.String(),
    image: Type.String(),
    keywords: Type.Array(Type.String()),
    links: Type.Object({ website: Type.Optional(LinkSchema), twitter: Type.Optional(LinkSchema), telegram: Type.Optional(LinkSchema) }, strict),
    minimumAllocationPoint: Type.Number({ minimum: 0 }),
    timeLockDuration: Type.Number({ minimum: 0 }),
    /** The block the pool was deployed in: the event index starts there. Found from the node when left out. */
    fromBlock: Type.Optional(FromBlockSchema),
    /** As a vault's: whether the pool can change its state without logging it. Default: its family's (true for masterchef, false for the others). */
    changesWithoutEvents: Type.Optional(Type.Boolean()),
  },
  strict,
)

const ChainBridgeSchema = Type.Object(
  {
    address: AddressSchema,
    /** The token the bridge locks; its balance there is the bridge's TVL. */
    token: AddressSchema,
    /** Links to the top-level `bridges` entry with the same ticker. */
    ticker: Type.String({ minLength: 1 }),
  },
  strict,
)

const ChainRegistrySchema = Type.Object(
  {
    tokens: Type.Array(TokenSchema),
    priceFeeds: Type.Optional(Type.Array(PriceFeedSchema)),
    lpPairs: Type.Optional(Type.Array(LpPairSchema)),
    vaults: Type.Optional(Type.Array(VaultSchema)),
    rewardPools: Type.Optional(Type.Array(RewardPoolEntrySchema)),
    bridges: Type.Optional(Type.Array(ChainBridgeSchema)),
  },
  strict,
)

/** A bridged asset, as the Bridge object of the interface names it. */
const BridgeInfoSchema = Type.Object(
  {
    ticker: Type.String({ minLength: 1 }),
    symbol: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    /** Read from the chain when left out. */
    decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  },
  strict,
)

/** The registry file: the product's contracts, per chain id. */
export const RegistrySchema = Type.Object(
  {
    chains: Type.Record(Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), ChainRegistrySchema, { additionalProperties: false, description: 'Keyed by chain id' }),
    bridges: Type.Optional(Type.Array(BridgeInfoSchema)),
  },
  strict,
)

export type RegistryFile = Static<typeof RegistrySchema>
export type ChainRegistryFile = Static<typeof ChainRegistrySchema>
export type TokenEntry = Static<typeof TokenSchema>
export type PriceFeedEntry = Static<typeof PriceFeedSchema>
export type LpPairEntry = Static<typeof LpPairSchema>
export type VaultEntry = Static<typeof VaultSchema>
export type RewardPoolEntry = Static<typeof RewardPoolEntrySchema>
export type ChainBridgeEntry = Static<typeof ChainBridgeSchema>
export type BridgeInfoEntry = Static<typeof BridgeInfoSchema>
