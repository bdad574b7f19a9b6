import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema } from './common.js'
import { TokenPriceSchema } from './figures.js'

const digits = (description: string) => Type.String({ ...DigitsSchema, description })
const address = (description: string) => Type.String({ ...ChecksummedAddressSchema, description })
const nullable = <T extends Type.TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description })

/** A pair's reserves and LP supply at one block. */
const PairReadSchema = Type.Object({
  blockNumber: digits('The block they were read at'),
  timestamp: Type.Integer({ description: "That block's timestamp, seconds" }),
  reserve0: digits('token0 wei'),
  reserve1: digits('token1 wei'),
  totalSupply: digits('LP token wei'),
})

/**
 * The chain values and prices one `/vaults` entry is computed from, so that a reader can compute
 * every figure again by hand (docs/figures.md walks through one vault).
 */
export const VaultInputsSchema = Type.Object({
  blockNumber: digits('The block every value below was read at, unless it names its own'),
  timestamp: Type.Integer({ description: "That block's timestamp, seconds: the APY windows' spans end here" }),
  totalWant: nullable(digits('Want wei'), "The vault's want (Beefy balance(), ERC-4626 totalAssets()); tvl = totalWant / 10^wantDecimals × wantPrice.usd"),
  totalSupply: nullable(digits('Share wei'), "The vault's share supply; pricePerShare = totalWant × 1e18 / totalSupply"),
  wantPrice: TokenPriceSchema,
  pricePerShareAt: Type.Record(
    Type.String({ description: 'APY window: 1d, 7d, 30d' }),
    nullable(
      Type.Object({
        blockNumber: digits('The base block'),
        timestamp: Type.Integer({ description: "The base block's timestamp, seconds" }),
        pricePerShare: digits('Want per share × 1e18 at the base block'),
        source: Type.Enum(['store', 'node', 'index']),
      }),
      "null when no base is known (see the entry's notes)",
    ),
    { description: 'apy[window] = (pricePerShare / base.pricePerShare)^(31,536,000 / (timestamp − base.timestamp)) − 1, rounded to 8 decimals' },
  ),
  farm: nullable(
    Type.Object({
      address: address('The farm (strategy.farm())'),
      rewardToken: address('What it pays'),
      rewardPerSecond: digits('Reward wei a second, over every staker'),
      totalStaked: digits('Want wei staked in the farm, the vault among them'),
      rewardReserve: digits('Reward wei it still holds'),
      rewardPrice: TokenPriceSchema,
    }),
    "The strategy's farm: farmApr = rewardPerSecond / 10^rewardDecimals × rewardPrice.usd × 31,536,000 ÷ (totalStaked / 10^wantDecimals × wantPrice.usd); null without a strategy or farm",
  ),
  rewardDecimals: nullable(Type.Integer(), "The reward token's decimals"),
  harvests: nullable(
    Type.Object({
      count: Type.Integer({ description: 'Harvests that added want over the span' }),
      spanSeconds: Type.Integer({ description: "The span, chain time (30 days, or the vault's life when shorter)" }),
    }),
    'From the event index: compoundingsPerYear = count × 31,536,000 / spanSeconds; null before the index has counted them (365 is used)',
  ),
  pair: nullable(
    Type.Object({ now: PairReadSchema, base: nullable(PairReadSchema, 'The tradingApr base (tradingAprFrom), null when none is known') }),
    'For an LP want: tradingApr = (√(reserve0 × reserve1) / totalSupply now ÷ the same at base − 1) × 31,536,000 / (timestamp − base.timestamp)',
  ),
})
export type VaultInputs = Static<typeof VaultInputsSchema>
