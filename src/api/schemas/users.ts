import Type from 'typebox'
import { AddressSchema, ChainQuerySchema, DigitsSchema, TokenPriceSchema } from '../../schema/index.js'
import { chainTimeWindow } from './history.js'
import { MinBlockQuery } from './minBlock.js'

const strict = { additionalProperties: false } as const
const wei = (description: string) => Type.String({ ...DigitsSchema, description })

export const UserParamsSchema = Type.Object({ address: AddressSchema }, strict)
export const UserPositionsQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...MinBlockQuery }, strict)

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
      deposited: Type.Optional(
        Type.Union([Type.String({ pattern: '^-?[0-9]+$' }), Type.Null()], {
          description:
            'Vaults: want the user put in less what they took out (deposits, withdrawals, shares received or sent at their worth then), want wei, from the event index; null with depositedNote when it cannot say',
        }),
      ),
      earned: Type.Optional(
        Type.Union([Type.String({ pattern: '^-?[0-9]+$' }), Type.Null()], {
          description: "Vaults: amount − deposited, want wei (realized + unrealized of /pnl); a loss within the vault's rounding is 0",
        }),
      ),
      depositedNote: Type.Optional(Type.String()),
    }),
    { description: 'Every vault and staking pool the user holds something in, chain by chain; none where the user holds nothing' },
  ),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'Contracts or chains that did not answer: their positions are missing, not zero' })),
})

export const UserHistoryQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...chainTimeWindow('action'), ...MinBlockQuery }, strict)

export const UserHistorySchema = Type.Object({
  actions: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      block: wei('The block of the action'),
      timestamp: Type.Integer({ description: "The block's timestamp, seconds since the epoch" }),
      txHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' }),
      action: Type.Enum(['deposit', 'withdraw', 'transfer-in', 'transfer-out', 'stake', 'unstake', 'claim']),
      contract: AddressSchema,
      pid: Type.Optional(Type.Integer({ description: 'The staking pool (pools)' })),
      token: AddressSchema,
      amount: wei(
        "In `token`: the vault's want (deposit, withdraw), its shares (transfer-in, transfer-out), the staking token (stake, unstake), the reward token (claim)",
      ),
      underlying: Type.Optional(wei("Vault actions: the amount's worth in want at that block")),
      shares: Type.Optional(wei("Vault actions: the vault's shares minted to the user, burned of theirs, or moved")),
      fee: Type.Optional(
        wei(
          "Vault withdrawals: the withdrawal fee, want wei: the burned shares' worth at the vault's totals just before (its block's end plus what left) less what the user received; 0 for ERC-4626, whose event names what the shares paid",
        ),
      ),
      usd: Type.Union([Type.Number(), Type.Null()], {
        description: "USD value at the prices of the action's own block; null with usdNote when there are none",
      }),
      usdNote: Type.Optional(Type.String()),
    }),
    { description: 'Newest first' },
  ),
  notes: Type.Optional(
    Type.Array(Type.String(), { description: 'What the list may miss (the index has not reached the latest block yet), or chains that did not answer' }),
  ),
})

export const UserPnlQuerySchema = Type.Object({ chain: Type.Optional(ChainQuerySchema), ...MinBlockQuery }, strict)

const usd = (description: string) => Type.Union([Type.Number(), Type.Null()], { description: `${description}; null when a price is missing (notes say which)` })
const figure = (description: string) =>
  Type.Object(
    {
      amount: Type.Union([Type.String({ pattern: '^-?[0-9]+$' }), Type.Null()], {
        description: "In the position's `token` (lowest denomination); null when the indexed actions do not add up to what the contract holds (notes say why)",
      }),
      usd: usd('USD'),
    },
    { additionalProperties: false, description },
  )
const reward = Type.Object({ token: AddressSchema, amount: wei('Reward token, lowest denomination'), usd: usd('USD') }, { additionalProperties: false })

export const PnlTotalsSchema = Type.Object(
  {
    costBasisUsd: usd('What the positions still held cost'),
    realizedUsd: usd('Realized'),
    unrealizedUsd: usd('Unrealized'),
    feesPaidUsd: usd('Withdrawal fees paid'),
    rewardsClaimedUsd: usd('Rewards claimed, at their claim blocks'),
    pendingRewardsUsd: usd('Rewards pending now'),
    pnlUsd: usd('realized + unrealized + rewards claimed + rewards pending'),
  },
  { additionalProperties: false },
)

export const UserPnlSchema = Type.Object({
  chains: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      blockNumber: wei('The block the positions were read at and the actions run through'),
      pricesBlock: wei("The block of the prices now: the latest snapshot's"),
      totals: PnlTotalsSchema,
    }),
    { description: 'Each chain answered, with its sums' },
  ),
  positions: Type.Array(
    Type.Object({
      chainId: Type.Integer(),
      kind: Type.Enum(['vault', 'pool']),
      address: AddressSchema,
      pid: Type.Optional(Type.Integer({ description: 'The staking pool (pools)' })),
      token: Type.String({ ...AddressSchema, description: "What the amounts are in: the vault's want, the pool's staking token" }),
      price: Type.Object(TokenPriceSchema.properties, { description: "`token`'s price now, with its source" }),
      holding: figure('What the position holds now: the want its shares are worth, or the stake, at the current prices'),
      costBasis: figure("What the part still held cost: each deposit, stake and share transfer in at its own block's worth and prices"),
      realized: figure('What withdrawals, unstakes and transfers out took out (at their blocks), less the average cost of what they retired'),
      unrealized: figure('holding − costBasis'),
      yield: Type.Optional(
        figure("Vaults: want the vault's price per share added while the user held the shares (realized + unrealized + feesPaid); USD at the current price"),
      ),
      feesPaid: Type.Optional(figure("Vaults: withdrawal fees charged on the user's withdrawals, each at its block's price")),
      priceEffectUsd: usd("What the token's own price did: realized + unrealized USD less (yield − feesPaid) at the current price"),
      rewardsClaimed: Type.Optional(Type.Array(reward, { description: "Pools: each reward token claimed, at the claim blocks' prices" })),
      pendingRewards: Type.Optional(Type.Array(reward, { description: 'Pools: each reward token pending now, at the current prices' })),
      pnlUsd: usd('realized + unrealized + rewards claimed + rewards pending'),
      notes: Type.Optional(Type.Array(Type.String(), { description: 'Why a figure is null' })),
    }),
    { description: 'Every vault and staking pool the user holds or held, chain by chain' },
  ),
  totals: PnlTotalsSchema,
  notes: Type.Optional(Type.Array(Type.String(), { description: 'Chains that did not answer: their positions are missing from the totals' })),
})

const { from: pnlFrom, to: pnlTo } = chainTimeWindow('action')

export const UserPnlHistoryQuerySchema = Type.Object(
  {
    chain: Type.Optional(ChainQuerySchema),
    from: pnlFrom,
    to: pnlTo,
    interval: Type.Optional(
      Type.Enum(['1h', '1d', '1w'], { default: '1d', description: "The buckets' length, chain time: one point per bucket (default 1d)" }),
    ),
    ...MinBlockQuery,
  },
  strict,
)

const nullableUsd = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description: `${description}; null with note when that block cannot be valued` })

export const UserPnlHistorySchema = Type.Object({
  interval: Type.Enum(['1h', '1d', '1w']),
  points: Type.Array(
    Type.Object(
      {
        chainId: Type.Integer(),
        blockNumber: wei('The last block the history recorded in the bucket'),
        timestamp: Type.Integer({ description: "The block's timestamp, seconds since the epoch" }),
        worthUsd: nullableUsd("What the positions held then were worth at that block's prices (pending rewards not counted)"),
        costBasisUsd: nullableUsd('What those positions cost, each action at its own block'),
        realizedUsd: nullableUsd('Realized through that block'),
        rewardsClaimedUsd: nullableUsd("Rewards claimed through that block, at their claim blocks' prices"),
        pnlUsd: nullableUsd('worth − cost basis + realized + rewards claimed'),
        note: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    { description: "Oldest first, one per chain and bucket from the user's first action" },
  ),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'Why a chain has no points (the event index is being built), or chains that did not answer' })),
})
