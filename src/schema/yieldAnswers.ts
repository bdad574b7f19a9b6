import Type, { type Static } from 'typebox'
import { ChecksummedAddressSchema, DigitsSchema } from './common.js'
import { FlagsSchema } from './figures.js'

/*
 * The entries of the yield read answers (GET /vaults, GET /harvestable): the services build them
 * and the routes send them, one schema for both (its Static type is what the services return).
 */

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description })

/** GET /harvestable: one registered strategy's next harvest, weighed. */
export const HarvestableEntrySchema = Type.Object({
  strategy: Type.String({ ...ChecksummedAddressSchema, description: 'The strategy (EIP-55)' }),
  vault: Type.String({ ...ChecksummedAddressSchema, description: 'Its vault (EIP-55)' }),
  callReward: nullable(
    Type.String({ ...DigitsSchema }),
    "Wrapped native coin (wei) the next harvest pays its caller at the answer's block: read there, or extrapolated to it when `callRewardReadAt` is lower",
  ),
  callRewardReadAt: nullable(
    Type.String({ ...DigitsSchema }),
    "The block callReward was read at. Below the answer's block, callReward is extrapolated: a strategy no log of a block names is read again only once a minute of chain time, and its call reward grows at the rate between its last two reads. GET /yield/{strategy}/call/pending-fees reads it now",
  ),
  callRewardUsd: nullable(Type.Number(), 'callReward in USD, at the wrapped native price'),
  harvestGas: nullable(Type.Integer({ minimum: 0 }), 'Gas of harvest() from a plain address, estimated every few blocks (not per request)'),
  gasPrice: nullable(
    Type.String({ ...DigitsSchema }),
    "Wei per gas the harvest pays: the next block's base fee plus the tip of `fees` (the median tip of those of the last 10 blocks that held transactions, else the node's eth_maxPriorityFeePerGas: an idle chain's empty blocks say nothing of it)",
  ),
  fees: nullable(
    Type.Object({
      maxFeePerGas: Type.String({ ...DigitsSchema, description: "Wei per gas to offer at most: twice the next block's base fee plus the tip" }),
      maxPriorityFeePerGas: Type.String({ ...DigitsSchema, description: 'Wei per gas of tip' }),
      blockNumber: Type.String({ ...DigitsSchema, description: 'The newest block the fee history covers' }),
    }),
    'What to send the harvest with (EIP-1559); null in an answer from a snapshot older than this field',
  ),
  netProfitUsd: nullable(Type.Number(), 'callRewardUsd minus harvestGas × gasPrice in USD: what harvesting now earns the caller'),
  profitable: Type.Boolean({ description: 'netProfitUsd > 0; false when it cannot be weighed' }),
  reasons: Type.Array(
    Type.Object({
      kind: Type.Enum(['paused', 'recently-harvested', 'nothing-to-harvest', 'unprofitable', 'cannot-weigh'], {
        description:
          '`paused`: harvest() reverts until the strategy is unpaused; `recently-harvested`: less than HARVEST_MIN_INTERVAL ago; `nothing-to-harvest`: the call reward is 0; `unprofitable`: the gas costs more than the call reward pays; `cannot-weigh`: a figure is missing (see `note`)',
      }),
      detail: Type.String({ description: 'The figures behind it: how long ago, by how much' }),
    }),
    { description: 'Why the strategy should not be harvested now; empty when it should (not paused, due, and profitable)' },
  ),
  note: Type.Optional(Type.String({ description: 'Why a figure is null' })),
})

const fraction = (description: string) => Type.Number({ minimum: 0, maximum: 1, description })

const apyField = (window: string) =>
  nullable(
    Type.Number(),
    `A fraction a year (0.12 = 12 %), compounded, from the growth of the price per share over the last ${window} of chain time; null with a note when no price per share that far back is known (the chain or vault is younger, or the nodes no longer have that state)`,
  )

const apyFromField = (window: string) =>
  nullable(
    Type.Object({
      blockNumber: Type.String({ ...DigitsSchema }),
      timestamp: Type.Integer({ description: 'Seconds since the epoch' }),
      source: Type.Enum(['store', 'node', 'index'], {
        description:
          "Where its price per share came from: the store's recorded points, the node's state at that block, or the exchange rate of a deposit the event index holds",
      }),
    }),
    `The block the ${window} APY is measured from (within 5 % of the window of ${window} back)`,
  )

/** GET /vaults: one registered vault. */
export const VaultListingSchema = Type.Object({
  address: Type.String({ ...ChecksummedAddressSchema, description: 'The vault (EIP-55)' }),
  chainId: Type.Integer(),
  kind: Type.Enum(['beefy', 'erc4626'], { description: 'The vault family' }),
  name: Type.String({
    description: 'The registry\'s name; else its want\'s: "A-B LP" for a registered LP pair, the symbol for a token, the address when the chain gives neither',
  }),
  want: Type.String({ ...ChecksummedAddressSchema, description: 'The token it takes (Beefy want, ERC-4626 asset)' }),
  wantSymbol: nullable(Type.String(), 'The want\'s symbol ("A-B LP" for a registered LP pair); null when neither the registry nor the chain gives one'),
  wantDecimals: nullable(Type.Integer(), "The want's decimals; null when the chain did not answer"),
  shareDecimals: nullable(Type.Integer(), "The vault share token's decimals; null when the chain did not answer"),
  lpTokens: nullable(
    Type.Object({ token0: Type.String({ ...ChecksummedAddressSchema }), token1: Type.String({ ...ChecksummedAddressSchema }) }),
    'The two tokens of an LP want (a registered pair); null for any other want',
  ),
  strategy: Type.Union([Type.String({ ...ChecksummedAddressSchema }), Type.Null()], { description: 'Its strategy, when registered' }),
  zaps: Type.Array(
    Type.Object({
      address: Type.String({ ...ChecksummedAddressSchema, description: 'The zap (EIP-55)' }),
      defaultTokenIn: Type.String({ ...ChecksummedAddressSchema, description: 'The token zap-in takes when the request names none' }),
    }),
  ),
  pricePerShare: nullable(Type.String({ ...DigitsSchema }), 'Want per share (raw units) scaled by 1e18: total want × 1e18 / share supply'),
  tvl: nullable(Type.Number(), 'USD value of the want the vault holds'),
  lastHarvest: nullable(Type.Integer(), "The strategy's last harvest, seconds since the epoch"),
  status: Type.Enum(['active', 'paused', 'retired'], {
    description:
      "`retired`: the registry says so (`retired: true`); `paused`: its strategy's `paused()` is true, or an ERC-4626 vault's `maxDeposit` is 0, at the answer's block; else `active`. Deposits and zaps in are refused (422) unless active; withdrawals always work",
  }),
  idle: Type.Boolean({
    description:
      "True when the vault has no registered strategy and holds all of its want in its own contract (the want's `balanceOf(vault)` is its whole total) at the answer's block: nothing is invested, so it earns nothing, and its APYs are 0 for that reason rather than for want of data (`apyBreakdown` is null with a note that says so). False otherwise, and when that balance could not be read",
  }),
  fees: nullable(
    Type.Object({
      performance: Type.Object({
        total: nullable(
          Type.Number({ minimum: 0, maximum: 1 }),
          "Of each harvest's earnings, all parts together: as the strategy reports it (getAllFees(), getFees(), or totalFee() over MAX_FEE()), else the registry entry's `performanceFee` for a strategy that fixes it inside its harvest and exposes no reading of it (Beefy's 2021 FeeManager); null with a note when neither gives it",
        ),
        call: nullable(Type.Number({ minimum: 0, maximum: 1 }), "Of each harvest's earnings, paid to whoever calls harvest; null when `total` is"),
        strategist: nullable(Type.Number({ minimum: 0, maximum: 1 }), "Of each harvest's earnings, paid to the strategy's developer; null when `total` is"),
        treasury: nullable(
          Type.Number({ minimum: 0, maximum: 1 }),
          "Of each harvest's earnings, kept by the protocol (Beefy's `beefy` part); null when `total` is",
        ),
        split: Type.Object(
          {
            call: fraction('Of the performance fee, to whoever calls harvest'),
            strategist: fraction("Of the performance fee, to the strategy's developer"),
            treasury: fraction('Of the performance fee, to the protocol'),
          },
          { description: 'How the strategy shares its performance fee, as it reports it (they add up to 1): given even when `total` is null' },
        ),
      }),
      withdraw: fraction('Of the amount withdrawn'),
      deposit: fraction('Of the amount deposited'),
    }),
    "What the vault charges, read from its strategy every few blocks in whichever of Beefy's shapes it has: getAllFees(); else the 2022 getFees() (one FeeCategory struct) with withdrawalFee() over WITHDRAWAL_MAX(); else the 2021 FeeManager's callFee(), beefyFee() and STRATEGIST_FEE() over MAX_FEE(), with totalFee() over MAX_FEE() where it exists (deposit 0 in both earlier shapes). As fractions (0.045 = 4.5 %); a strategy reports the parts as shares of the total (`split`), and they are converted to shares of the earnings. Null with a note for a family that exposes none (ERC-4626), or a strategy that did not report them",
  ),
  apyBreakdown: nullable(
    Type.Object({
      farmApr: Type.Number({
        description:
          "What the strategy's farm pays now a year per dollar staked in it: reward per block × blocks per year (the measured block time) × the reward's price ÷ the USD value of everything staked in the farm; 0 once the farm has nothing left to pay",
      }),
      vaultApr: Type.Number({ description: 'farmApr × (1 − performanceFee): what reaches the depositors' }),
      compoundingsPerYear: Type.Number({
        description: 'Harvests that added want over the last 30 days of chain time (the event index), scaled to a year; 365 with a note before there are any',
      }),
      performanceFee: fraction("Of each harvest's earnings: fees.performance.total"),
      vaultApy: Type.Number({ description: '(1 + vaultApr / compoundingsPerYear)^compoundingsPerYear − 1' }),
      tradingApr: nullable(
        Type.Number(),
        "An LP want's trading fees a year: the growth of √(reserve0 × reserve1) per LP token over the last 7 days of chain time (else the last day), × a year ÷ that span; 0 for a want that is no LP pair; null with a note when no reserves that far back are known",
      ),
      totalApy: nullable(Type.Number(), '(1 + vaultApy) × (1 + tradingApr) − 1; null when tradingApr is'),
      tradingAprFrom: nullable(
        Type.Object({
          window: Type.Enum(['7d', '1d']),
          blockNumber: Type.String({ ...DigitsSchema }),
          timestamp: Type.Integer({ description: 'Seconds since the epoch' }),
        }),
        'The block tradingApr is measured from; null when tradingApr is 0 or null',
      ),
    }),
    "The forward APY and its parts, as fractions a year (0.12 = 12 %), net of the performance fee: what the vault earns from now on at today's emissions and prices. Null with a note when the fees or their performance total, the strategy's farm, the block time or a price is unknown",
  ),
  apy: Type.Object({
    '1d': apyField('day'),
    '7d': apyField('7 days'),
    '30d': apyField('30 days'),
    '90d': apyField('90 days'),
    inception: nullable(
      Type.Number(),
      "A fraction a year, compounded, from the price per share right after the vault's first deposit (apyFrom.inception, from the event index) to now; null with a note when that deposit is not known, or is less than a day old",
    ),
  }),
  apyFrom: Type.Object({
    '1d': apyFromField('1d'),
    '7d': apyFromField('7d'),
    '30d': apyFromField('30d'),
    '90d': apyFromField('90d'),
    inception: apyFromField("the vault's first deposit"),
  }),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'Why a figure is null' })),
  flags: Type.Optional(FlagsSchema),
})

export type HarvestableEntry = Static<typeof HarvestableEntrySchema>
export type VaultListing = Static<typeof VaultListingSchema>
